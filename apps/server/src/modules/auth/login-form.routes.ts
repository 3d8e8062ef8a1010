/**
 * The login form without JavaScript: `POST /login` as the browser posts a form (application/x-www-form-urlencoded).
 * Same rules, limits and messages as POST /api/login; the response is a 303 to where the person was going, or back to
 * the login page with a short error code the page turns into the API's words (loginFormErrors).
 */
import { z } from 'zod';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBody, loginFormErrors, type LoginFormError } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { login } from './auth.service.js';
import { knownDeviceToken, rememberDevice } from './known-device.hooks.js';
import { setSessionCookie } from './session-cookie.hooks.js';

const formBody = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  /** "on" when the Remember me box is ticked (a browser sends nothing for an unticked one). */
  remember: z.string().optional(),
  returnUrl: z.string().optional(),
});

const base = 'http://store.invalid';

/** A path on this store (a single leading slash), normalised; anything else (another site, `//host`, `/\host`) is null. */
export function safeReturnUrl(value: string | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith('//') ? null : path;
  } catch {
    return null;
  }
}

function errorCode(error: unknown): LoginFormError | null {
  if (error instanceof z.ZodError) {
    const message = error.issues[0]?.message;
    const found = (Object.keys(loginFormErrors) as LoginFormError[]).find((code) => loginFormErrors[code] === message);
    return found ?? 'email-invalid';
  }
  if (!(error instanceof AppError)) return null;
  if (error.status === 401) return 'credentials';
  if (error.status === 429) return 'too-many';
  if (error.status === 503) return 'unavailable';
  return null;
}

export function loginFormRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    // Form bodies are read on this route only: every other call takes JSON (or multipart) and refuses the rest with 415.
    await app.register(fastifyFormbody);

    app.post(
      '/login',
      {
        schema: {
          tags: ['auth'],
          description:
            'The login form posted without JavaScript (application/x-www-form-urlencoded: email, password, remember=on, ' +
            'returnUrl). Same rules and limits as /api/login. Answers 303 with the session cookie to returnUrl (a path on ' +
            'this store, else /), or 303 to /login?error=<code> (and the returnUrl) on failure.',
          consumes: ['application/x-www-form-urlencoded'],
          body: formBody,
        },
      },
      async (request, reply) => {
        const { email, password, remember, returnUrl } = request.body;
        const target = safeReturnUrl(returnUrl);
        try {
          const body = loginBody.parse({ email, password, remember: remember === 'on' });
          const session = await login(deps, body, request.ip, knownDeviceToken(request));
          rememberDevice(deps, reply, session.device);
          setSessionCookie(deps, reply, session);
          return reply.redirect(target ?? '/', 303);
        } catch (error) {
          const code = errorCode(error);
          if (!code) throw error;
          const query = new URLSearchParams({ error: code });
          if (target) query.set('returnUrl', target);
          return reply.redirect(`/login?${query.toString()}`, 303);
        }
      },
    );
  };
}
