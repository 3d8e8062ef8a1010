/** HTTP for sign-up, login, logout, the current user and session time. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authResponse, getUserBody, getUserResponse, loginBody, messageResponse, sessionTimeBody, signupBody } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { toUserDto } from '../users/user-dto.js';
import { callerOf, requireAuth, userByEmailFor, userByIdFor } from './auth.hooks.js';
import { knownDeviceToken, rememberDevice } from './known-device.hooks.js';
import { login, logout, recordSessionTime, signup } from './auth.service.js';

export function authRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    // Reading its own user, logout and session time stay open to an account that must change its password first.
    const authPendingChange = requireAuth(deps, { allowPendingPasswordChange: true });

    app.post(
      '/api/signup',
      { schema: { tags: ['auth'], body: signupBody, response: { 201: authResponse } } },
      async (request, reply) => {
        const session = await signup(deps, request.body, request.ip);
        rememberDevice(deps, reply, session.device);
        return reply.code(201).send({ token: session.token, user: toUserDto(session.user) });
      },
    );

    app.post(
      '/api/login',
      {
        schema: {
          tags: ['auth'],
          description:
            'After 5 failed tries each further try waits (1 s, doubling, at most 15 minutes): 429 with Retry-After. ' +
            'A browser with the account’s bm_device cookie (set here, at sign-up and at password reset) waits only ' +
            'after its own failures (docs/product/limits.md#logins).',
          body: loginBody,
          response: { 200: authResponse },
        },
      },
      async (request, reply) => {
        const session = await login(deps, request.body, request.ip, knownDeviceToken(request));
        rememberDevice(deps, reply, session.device);
        return { token: session.token, user: toUserDto(session.user) };
      },
    );

    app.post(
      '/api/logout',
      { preHandler: authPendingChange, schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: messageResponse } } },
      async (request) => {
        await logout(deps, callerOf(request).sessionId);
        return { message: 'Logged out Successfully' };
      },
    );

    app.post(
      '/api/getuser',
      { preHandler: authPendingChange, schema: { tags: ['auth'], security: [{ bearer: [] }], body: getUserBody, response: { 200: getUserResponse } } },
      async (request) => {
        const user = await userByEmailFor(deps, callerOf(request), request.body.email);
        return { user: toUserDto(user) };
      },
    );

    app.post(
      '/api/update-session-time',
      { preHandler: authPendingChange, schema: { tags: ['auth'], security: [{ bearer: [] }], body: sessionTimeBody, response: { 200: messageResponse } } },
      async (request) => {
        await userByIdFor(deps, callerOf(request), request.body.userId);
        await recordSessionTime(deps, request.body.userId, request.body.sessionDuration);
        return { message: 'Session time recorded' };
      },
    );
  };
}
