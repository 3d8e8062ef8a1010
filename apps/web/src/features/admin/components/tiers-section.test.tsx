import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminTier } from '@beat/shared';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { stubFetch } from '../../../test/stub-fetch';
import { TiersSection } from './tiers-section';

const tier = (key: string, name: string, over: Partial<AdminTier> = {}): AdminTier => ({
  key,
  name,
  defaultPrice: null,
  files: ['mp3'],
  exclusive: false,
  active: true,
  position: 0,
  builtIn: false,
  ...over,
});

const storeTiers = (): AdminTier[] => [
  tier('lease', 'MP3 Lease', { builtIn: true }),
  tier('wav', 'WAV Lease', { defaultPrice: 49.99, files: ['mp3', 'wav'] }),
  tier('trackout', 'Trackout Lease', { defaultPrice: 99.99, files: ['mp3', 'wav', 'stems'], active: false }),
  tier('exclusive', 'Exclusive', { builtIn: true, exclusive: true, files: ['mp3', 'wav', 'stems'] }),
];

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** The tiers calls, answered as the server does; `refuse` answers one call with a 400 instead. */
function serve(tiers: AdminTier[], refuse?: { url: string; message: string }) {
  const sent: Sent[] = [];
  stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') sent.push({ method, url, body });
    if (refuse && method !== 'GET' && url === refuse.url) return jsonResponse({ message: refuse.message }, 400);
    if (url === '/api/admin/tiers' && method === 'GET') return jsonResponse({ tiers });
    if (url === '/api/admin/tiers-order') {
      const keys = (body as { keys: string[] }).keys;
      tiers.sort((a, b) => keys.indexOf(a.key) - keys.indexOf(b.key));
      return jsonResponse({ tiers });
    }
    if (url === '/api/admin/tiers' && method === 'POST') {
      const created = tier('goldLease', (body as { name: string }).name);
      tiers.push(created);
      return jsonResponse({ tier: created }, 201);
    }
    if (url.startsWith('/api/admin/tiers/') && method === 'PUT') {
      const key = url.slice('/api/admin/tiers/'.length);
      const at = tiers.findIndex((t) => t.key === key);
      tiers[at] = { ...tiers[at]!, ...(body as Partial<AdminTier>) };
      return jsonResponse({ tier: tiers[at] });
    }
    return new Response('{}', { status: 404 });
  });
  return sent;
}

const rowOf = (name: string) => screen.getByRole('heading', { level: 3, name: new RegExp(`^\\d+\\. ${name}`) }).closest('li')!;

describe('Admin → Licenses, tiers', () => {
  it('lists each tier with its files, default price, switch and whether it is built in', async () => {
    serve(storeTiers());
    renderWithProviders(<TiersSection />);
    await screen.findByRole('heading', { name: /WAV Lease/ });

    const wav = within(rowOf('WAV Lease'));
    expect(wav.getByText('MP3 · WAV')).toBeTruthy();
    expect(wav.getByText('$49.99')).toBeTruthy();
    expect(wav.getByText('On')).toBeTruthy();
    expect(wav.queryByText('Built-in')).toBeNull();
    expect(wav.getByRole('button', { name: 'Edit WAV Lease' })).toBeTruthy();

    expect(within(rowOf('Trackout Lease')).getByText('Off')).toBeTruthy();
    expect(within(rowOf('Trackout Lease')).getByText('MP3 · WAV · Stems (ZIP)')).toBeTruthy();

    // The built-in tiers (docs/product/licenses.md#tiers) can be moved, never edited, and say why.
    const lease = within(rowOf('MP3 Lease'));
    expect(lease.getByText('Built-in')).toBeTruthy();
    expect(lease.getByText("The beat's own price")).toBeTruthy();
    expect(lease.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(lease.getByText(/its name, files and price \(the beat’s\) are fixed/)).toBeTruthy();
    expect(lease.getByRole<HTMLButtonElement>('button', { name: 'Move up MP3 Lease' }).disabled).toBe(true);
    expect(within(rowOf('Exclusive')).getByRole<HTMLButtonElement>('button', { name: 'Move down Exclusive' }).disabled).toBe(true);
  });

  it('sends the new order when a tier is moved, and keeps the focus on the button pressed', async () => {
    const sent = serve(storeTiers());
    renderWithProviders(<TiersSection />);
    const user = userEvent.setup();
    const up = await screen.findByRole('button', { name: 'Move up Trackout Lease' });
    await user.click(up);
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 3 })[1]!.textContent).toMatch(/^2\. Trackout Lease/));
    expect(sent).toEqual([{ method: 'PUT', url: '/api/admin/tiers-order', body: { keys: ['lease', 'trackout', 'wav', 'exclusive'] } }]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move up Trackout Lease' }));

    // At the top it can go no further up: the focus moves to its Move down.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move down Trackout Lease' })));
    expect(sent[1]).toEqual({ method: 'PUT', url: '/api/admin/tiers-order', body: { keys: ['trackout', 'lease', 'wav', 'exclusive'] } });
  });

  it('adds a tier with its name, price and files, and shows the server’s refusal beside the form', async () => {
    const sent = serve(storeTiers(), { url: '/api/admin/tiers', message: 'A tier named WAV Lease already exists.' });
    renderWithProviders(<TiersSection />);
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'Add a tier' }));
    await user.type(form.getByLabelText('Name'), 'WAV Lease');
    await user.type(form.getByLabelText('Default price'), '59.5');
    await user.click(form.getByLabelText('WAV'));
    await user.click(form.getByRole('button', { name: 'Add tier' }));
    expect((await form.findByRole('alert')).textContent).toBe('A tier named WAV Lease already exists.');
    expect(sent).toEqual([{ method: 'POST', url: '/api/admin/tiers', body: { name: 'WAV Lease', defaultPrice: 59.5, files: ['mp3', 'wav'] } }]);
    // The admin's text stays for a correction.
    expect(form.getByLabelText<HTMLInputElement>('Name').value).toBe('WAV Lease');
  });

  it('refuses a price that is not a number before sending, and adds the tier once corrected', async () => {
    const sent = serve(storeTiers());
    renderWithProviders(<TiersSection />);
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'Add a tier' }));
    await user.type(form.getByLabelText('Name'), 'Gold Lease');
    await user.type(form.getByLabelText('Default price'), 'twenty');
    await user.click(form.getByLabelText('Stems (ZIP)'));
    await user.click(form.getByRole('button', { name: 'Add tier' }));
    expect(await form.findByText('Enter the price in dollars, e.g. 49.99, or leave it empty.')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(form.getByLabelText('Default price'));
    await user.click(form.getByRole('button', { name: 'Add tier' }));
    expect(await form.findByText(/Gold Lease added/)).toBeTruthy();
    expect(sent).toEqual([{ method: 'POST', url: '/api/admin/tiers', body: { name: 'Gold Lease', defaultPrice: null, files: ['mp3', 'stems'] } }]);
    expect(await screen.findByRole('heading', { level: 3, name: /^5\. Gold Lease/ })).toBeTruthy();
    expect(form.getByLabelText<HTMLInputElement>('Name').value).toBe('');
  });

  it('edits a tier and switches it off', async () => {
    const sent = serve(storeTiers());
    renderWithProviders(<TiersSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit WAV Lease' }));
    const form = within(screen.getByRole('form', { name: 'Edit WAV Lease' }));
    const price = form.getByLabelText<HTMLInputElement>('Default price');
    expect(price.value).toBe('49.99');
    await user.clear(price);
    await user.type(price, '39.99');
    await user.click(form.getByLabelText('On: beats offer this tier'));
    await user.click(form.getByRole('button', { name: 'Save tier' }));
    expect(await form.findByText('WAV Lease saved.')).toBeTruthy();
    expect(sent).toEqual([
      { method: 'PUT', url: '/api/admin/tiers/wav', body: { name: 'WAV Lease', defaultPrice: 39.99, files: ['mp3', 'wav'], active: false } },
    ]);
  });
});
