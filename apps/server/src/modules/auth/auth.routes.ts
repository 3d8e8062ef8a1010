/** HTTP for sign-up, login (the API's and the login form's), logout, the current user and session time. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponse,
  getUserBody,
  getUserResponse,
  loginBody,
  meResponse,
  messageResponse,
  sessionTimeBody,
  signupBody,
} from '@beat/shared';
import type { Deps } from '../../deps.js';
import { toUserDto } from '../users/user-dto.js';
import { callerOf, optionalAuth, requireAuth, userByEmailFor, userByIdFor } from './auth.hooks.js';
import { knownDeviceToken, rememberDevice } from './known-device.hooks.js';
import { login, logout, recordSessionTime, signup } from './auth.service.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.hooks.js';
import { loginFormRoutes } from './login-form.routes.js';

export function authRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    // Reading its own user, logout and session time stay open to an account that must change its password first.
    const authPendingChange = requireAuth(deps, { allowPendingPasswordChange: true });

    app.post(
      '/api/signup',
      {
        schema: {
          tags: ['auth'],
          description:
            'Creates a freeUser and starts its session: the answer carries the token and sets it as the httpOnly session ' +
            'cookie, for the browser’s session unless `remember` is true.',
          body: signupBody,
          response: { 201: authResponse },
        },
      },
      async (request, reply) => {
        const session = await signup(deps, request.body, request.ip);
        rememberDevice(deps, reply, session.device);
        setSessionCookie(deps, reply, session);
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
            'after its own failures (docs/product/limits.md#logins). The token is also set as the httpOnly session cookie: ' +
            'kept REMEMBER_TTL_DAYS with `remember`, else for the browser’s session.',
          body: loginBody,
          response: { 200: authResponse },
        },
      },
      async (request, reply) => {
        const session = await login(deps, request.body, request.ip, knownDeviceToken(request));
        rememberDevice(deps, reply, session.device);
        setSessionCookie(deps, reply, session);
        return { token: session.token, user: toUserDto(session.user) };
      },
    );

    app.post(
      '/api/logout',
      {
        preHandler: authPendingChange,
        schema: { tags: ['auth'], description: 'Ends the session and clears the session cookie.', security: [{ bearer: [] }], response: { 200: messageResponse } },
      },
      async (request, reply) => {
        await logout(deps, callerOf(request).sessionId);
        clearSessionCookie(deps, reply);
        return { message: 'Logged out Successfully' };
      },
    );

    app.get(
      '/api/me',
      {
        // Open to an account that must change its password: it is how the web app learns that it must.
        preHandler: optionalAuth(deps, { allowPendingPasswordChange: true }),
        schema: {
          tags: ['auth'],
          description:
            'The caller (by bearer token, else the session cookie), or `user: null` for a visitor. A session cookie whose ' +
            'session has ended answers `user: null` and clears the cookie.',
          security: [{ bearer: [] }, { sessionCookie: [] }, {}],
          response: { 200: meResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return { user: request.caller ? toUserDto(request.caller.user) : null };
      },
    );

    await app.register(loginFormRoutes(deps));

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
