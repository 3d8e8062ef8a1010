/**
 * Known devices (docs/product/limits.md#logins): a browser where an account logged in, signed up or reset
 * its password keeps a signed token in an http-only cookie. Its logins are slowed only by its own
 * failures, so someone failing on the account from elsewhere cannot lock the owner out. HMAC-SHA256 under
 * its own key derived from the token secret, packed in binary:
 * version (1) · user id (16) · device id (16) · expiry in Unix seconds (4) · MAC (24).
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '../../lib/derived-key.js';
import type { Config } from '../../config/env.js';
import type { Deps } from '../../deps.js';
import { bytesToUuid, uuidToBytes } from '../../lib/uuid-bytes.js';

/** A device stays known this long after its last successful login. */
export const KNOWN_DEVICE_TTL_SECONDS = 180 * 86400;

export interface KnownDevice {
  userId: string;
  deviceId: string;
}

export interface IssuedDevice {
  token: string;
  maxAgeSeconds: number;
}

const VERSION = 1;
const PAYLOAD_BYTES = 37;
const MAC_BYTES = 24;

function createDeviceSigner(tokenSecret: string) {
  const key = derivedKey(tokenSecret, 'known-devices');
  const mac = (payload: Buffer) => createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);
  return {
    sign(device: KnownDevice, expiresAt: Date): string {
      const payload = Buffer.alloc(PAYLOAD_BYTES);
      payload.writeUInt8(VERSION, 0);
      uuidToBytes(device.userId).copy(payload, 1);
      uuidToBytes(device.deviceId).copy(payload, 17);
      payload.writeUInt32BE(Math.floor(expiresAt.getTime() / 1000), 33);
      return Buffer.concat([payload, mac(payload)]).toString('base64url');
    },
    verify(token: string, now: Date): KnownDevice | null {
      if (!/^[\w-]+$/.test(token)) return null;
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length !== PAYLOAD_BYTES + MAC_BYTES) return null;
      const payload = bytes.subarray(0, PAYLOAD_BYTES);
      if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), mac(payload))) return null;
      if (payload.readUInt8(0) !== VERSION || payload.readUInt32BE(33) * 1000 <= now.getTime()) return null;
      return { userId: bytesToUuid(payload.subarray(1, 17)), deviceId: bytesToUuid(payload.subarray(17, 33)) };
    },
  };
}

const signers = new WeakMap<Config, ReturnType<typeof createDeviceSigner>>();
function signerFor(config: Config) {
  let signer = signers.get(config);
  if (!signer) {
    signer = createDeviceSigner(config.tokenSecret);
    signers.set(config, signer);
  }
  return signer;
}

/** A new known-device token for this browser and account. */
export function issueKnownDevice(deps: Deps, userId: string): IssuedDevice {
  const expiresAt = new Date(deps.clock.now().getTime() + KNOWN_DEVICE_TTL_SECONDS * 1000);
  return { token: signerFor(deps.config).sign({ userId, deviceId: randomUUID() }, expiresAt), maxAgeSeconds: KNOWN_DEVICE_TTL_SECONDS };
}

/** The device a token names, when it is genuine, current and for this account; otherwise null. */
export function knownDeviceFor(deps: Deps, token: string | undefined, userId: string): KnownDevice | null {
  if (!token) return null;
  const device = signerFor(deps.config).verify(token, deps.clock.now());
  return device?.userId === userId ? device : null;
}
