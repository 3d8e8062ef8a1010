/** The store's API as the browser tests call it to set things up and to check answers: JSON in, JSON out, a bearer token when given. */
import { baseURL } from './browser.js';

export async function api<T>(path: string, token?: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
