/** The known-device cookie (known-devices.ts) on the wire: read at login, set by login, sign-up and password reset. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import type { IssuedDevice } from './known-devices.js';

const COOKIE = 'bm_device';
/** Sent back only to the login calls (the API's and the login form's post); the web app's script never sees it. */
const COOKIE_PATHS = ['/api/login', '/login'];

export function knownDeviceToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

export function rememberDevice(deps: Deps, reply: FastifyReply, device: IssuedDevice): void {
  const secure = deps.config.publicUrl?.startsWith('https:') ? '; Secure' : '';
  for (const path of COOKIE_PATHS) {
    reply.header('set-cookie', `${COOKIE}=${device.token}; Path=${path}; Max-Age=${device.maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`);
  }
}
