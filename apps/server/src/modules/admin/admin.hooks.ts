/** The admin area's one guard: a visitor gets 401, a signed-in non-admin 403 (admin is a role flag: docs/product/accounts.md#admin). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { forbidden } from '../../lib/errors.js';
import { callerOf, requireAuth } from '../auth/auth.hooks.js';

export const requireAdmin = (deps: Deps) => {
  const auth = requireAuth(deps);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await auth(request, reply);
    if (!callerOf(request).user.isAdmin) throw forbidden('Only admins can do that.');
  };
};
