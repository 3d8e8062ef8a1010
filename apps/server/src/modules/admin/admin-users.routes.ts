/** HTTP for user management: list, invite, edit credits and stems, promote to VIP, delete. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPageQuery, adminUserResponse, adminUsersResponse, inviteUserBody, messageResponse, updateUserBody } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { callerOf } from '../auth/auth.hooks.js';
import { toUserDto } from '../users/user-dto.js';
import { deleteUser, inviteUser, listUsers, promoteToVip, updateUser } from './admin-users.service.js';

const userIdParams = z.object({ userId: z.string().uuid('userId is not a valid id') });
const security = [{ bearer: [] }];

export function adminUsersRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/users',
      { schema: { tags: ['admin'], security, querystring: adminPageQuery, response: { 200: adminUsersResponse } } },
      async (request) => {
        const { page, pageSize } = request.query;
        const { rows, total, nextCursor } = await listUsers(deps, request.query);
        return { users: rows.map(toUserDto), total, page, pageSize, nextCursor };
      },
    );

    app.post(
      '/api/admin/users/invite',
      { schema: { tags: ['admin'], security, body: inviteUserBody, response: { 201: adminUserResponse } } },
      async (request, reply) => {
        const user = await inviteUser(deps, callerOf(request).user, request.body);
        return reply.code(201).send({ user: toUserDto(user) });
      },
    );

    app.patch(
      '/api/admin/users/:userId',
      { schema: { tags: ['admin'], security, params: userIdParams, body: updateUserBody, response: { 200: adminUserResponse } } },
      async (request) => {
        const user = await updateUser(deps, callerOf(request).user, request.params.userId, request.body);
        return { user: toUserDto(user) };
      },
    );

    app.post(
      '/api/admin/users/:userId/promote',
      { schema: { tags: ['admin'], security, params: userIdParams, response: { 200: adminUserResponse } } },
      async (request) => {
        const user = await promoteToVip(deps, callerOf(request).user, request.params.userId);
        return { user: toUserDto(user) };
      },
    );

    app.delete(
      '/api/admin/users/:userId',
      { schema: { tags: ['admin'], security, params: userIdParams, response: { 200: messageResponse } } },
      async (request) => {
        await deleteUser(deps, callerOf(request).user, request.params.userId);
        return { message: 'User deleted' };
      },
    );
  };
}
