/** The one place that talks HTTP to the server. The session is the httpOnly cookie the browser sends along. */
import { noteServerTime, SERVER_TIME_HEADER } from './server-clock';
import { noteCatalogAnswer } from './catalog-version-seen';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * How calls reach the API: the browser's fetch, or, while the server renders a page, its own way to the same routes
 * (apps/web/src/entry-server.tsx), which responds without a round trip over the network.
 */
let send: typeof fetch = (input, init) => fetch(input, init);

/** Used by the server renderer only. */
export function setApiTransport(transport: typeof fetch): void {
  send = transport;
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** Called when the server responds with 401: the session has ended (logged out elsewhere, password changed, expired). */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, except FormData, which goes as multipart/form-data (the browser writes its boundary). */
  body?: unknown;
  signal?: AbortSignal;
  /** Keep the request alive while the page unloads (used for logout's session time). */
  keepalive?: boolean;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  let response: Response;
  const sentAt = Date.now();
  try {
    response = await send(path, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      body: multipart ? (options.body as FormData) : options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('Cannot reach the server. Check your connection and try again.', 0);
  }
  noteServerTime(response.headers.get(SERVER_TIME_HEADER), sentAt, Date.now());
  noteCatalogAnswer(response.headers.get('ETag'));

  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!response.ok) {
    if (response.status === 401) unauthorizedListeners.forEach((l) => l());
    const message =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message
        : `Request failed (${response.status})`;
    throw new ApiError(message, response.status);
  }
  return data as T;
}

/** The message a toast shows for a failed call: the server's message field, else the error's own (docs/product/screens-and-words.md#fixed-messages). */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The file name a Content-Disposition header gives (RFC 6266: `filename*` wins over `filename`). */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  return (plain?.[1] ?? plain?.[2])?.trim() || null;
}

/** Fetches a small file that needs the session (a licence PDF, a CSV export): its bytes and the server's file name. */
export async function apiFile(path: string, options: { signal?: AbortSignal } = {}): Promise<{ blob: Blob; fileName: string | null }> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('Cannot reach the server. Check your connection and try again.', 0);
  }
  if (!response.ok) {
    if (response.status === 401) unauthorizedListeners.forEach((l) => l());
    let message = `Download failed (${response.status})`;
    try {
      const data: unknown = await response.json();
      if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') message = data.message;
    } catch {
      // not JSON: keep the generic message
    }
    throw new ApiError(message, response.status);
  }
  return { blob: await response.blob(), fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')) };
}
