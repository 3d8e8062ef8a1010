/**
 * `fetch` for component tests: the auth provider's GET /api/me responds with a visitor (or `me`), anything else goes to
 * `answer` (by default a 404). `sent()` lists the calls the component itself made, the provider's left out.
 */
import { vi } from 'vitest';

export function stubFetch(answer: (url: string, init?: RequestInit) => Response | Promise<Response> = () => new Response('{}', { status: 404 }), me: unknown = null) {
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/me') return new Response(JSON.stringify({ user: me }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    return answer(url, init);
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    fetch: fetchStub,
    sent: () => fetchStub.mock.calls.map(([input]) => String(input)).filter((url) => url !== '/api/me'),
  };
}
