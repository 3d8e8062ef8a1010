/**
 * Which proxies may tell the client's address in X-Forwarded-For (TRUST_PROXY): none (the default), a
 * hop count, or the proxies' own addresses. Per-address rate limits count what this decides, so a
 * header from anyone else is ignored (docs/product/limits.md#the-clients-address).
 */
import { isIP } from 'node:net';

export type TrustProxy = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; addresses: string[] };

/** proxy-addr's names for the private ranges, accepted as entries too. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** The setting, or a sentence saying what is wrong with it. */
export function parseTrustProxy(text: string | undefined): TrustProxy | { error: string } {
  const value = text?.trim();
  if (!value) return { kind: 'none' };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 10 ? { kind: 'hops', hops } : { error: `a hop count is 1 to 10, not ${value}` };
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    return {
      error:
        'must be a hop count (1, 2) or the proxies’ addresses as comma-separated IPs or CIDRs ' +
        `(10.0.0.0/8,192.168.1.5); not ${bad.map((entry) => JSON.stringify(entry)).join(', ')}`,
    };
  }
  return { kind: 'addresses', addresses: entries };
}

/**
 * Fastify's trustProxy option. Fastify 5 ignores a bare number (a hop count cannot tell a proxy from a
 * client that reaches the server directly), so hops become a function: use them only when nothing but
 * the proxies can reach the server.
 */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting.kind === 'none') return false;
  if (setting.kind === 'addresses') return setting.addresses;
  const { hops } = setting;
  return (_address, hop) => hop < hops;
}
