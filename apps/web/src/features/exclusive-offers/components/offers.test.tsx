import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExclusiveOffer } from '@beat/shared';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { stubFetch } from '../../../test/stub-fetch';
import { testUser } from '../../../test/factories';
import { AuthProvider } from '../../auth';
import { AdminOffers } from './admin-offers';
import { MakeOffer } from './make-offer';
import { MinimumOfferForm } from './minimum-offer-form';
import { MyOffers } from './my-offers';

const withAuth = { wrap: (children: React.ReactNode) => <AuthProvider>{children}</AuthProvider> };
const terms = { beatId: 'beat-1', takesOffers: true, minimumOffer: 300, listPrice: 500 };

function offer(overrides: Partial<ExclusiveOffer> = {}): ExclusiveOffer {
  return {
    _id: 'offer-1',
    beatId: 'beat-1',
    beatTitle: 'Glass Mirage',
    beatSlug: 'glass-mirage',
    listPrice: 500,
    state: 'open',
    amount: 350,
    message: null,
    counterAmount: null,
    counterMessage: null,
    agreedAmount: null,
    payBefore: null,
    declinedBy: null,
    createdAt: '2026-06-01T10:00:00.000Z',
    updatedAt: '2026-06-01T10:00:00.000Z',
    buyer: { _id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' },
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Make an offer', () => {
  it('shows the minimum, sends the amount and message, and shows the server’s refusal in its words', async () => {
    const posts: unknown[] = [];
    let mine: ExclusiveOffer[] = [];
    stubFetch((url, init) => {
      if (url === '/api/exclusive-offers/beats/beat-1') return jsonResponse(terms);
      if (url === '/api/exclusive-offers' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { amount: number };
        posts.push(body);
        if (body.amount < 300) return jsonResponse({ message: 'The minimum offer for Glass Mirage is $300.00.' }, 400);
        mine = [offer({ amount: body.amount })];
        return jsonResponse({ offer: mine[0] }, 201);
      }
      if (url === '/api/exclusive-offers') return jsonResponse({ offers: mine });
      return new Response('{}', { status: 404 });
    }, testUser());
    renderWithProviders(<MakeOffer beat={{ _id: 'beat-1', beatTitle: 'Glass Mirage' }} />, withAuth);

    expect(await screen.findByRole('heading', { name: 'Make an offer' })).toBeTruthy();
    expect(screen.getByText(/The minimum offer is \$300\.00\./)).toBeTruthy();
    const user = userEvent.setup();
    const amount = await screen.findByLabelText('Your offer (USD)');
    await user.type(amount, '250');
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('The minimum offer for Glass Mirage is $300.00.')).toBeTruthy();

    await user.clear(amount);
    await user.type(amount, '350');
    await user.type(screen.getByLabelText('Message to the producer (optional)'), 'For my album');
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText(/Your offer of \$350\.00: Awaiting the producer\./)).toBeTruthy();
    expect(screen.queryByLabelText('Your offer (USD)')).toBeNull();
    expect(posts).toEqual([
      { beatId: 'beat-1', amount: 250 },
      { beatId: 'beat-1', amount: 350, message: 'For my album' },
    ]);
  });

  it('asks a visitor to log in, and shows nothing for a beat that takes no offers', async () => {
    stubFetch((url) => (url === '/api/exclusive-offers/beats/beat-1' ? jsonResponse(terms) : jsonResponse({ ...terms, beatId: 'beat-2', takesOffers: false })));
    const { unmount } = renderWithProviders(<MakeOffer beat={{ _id: 'beat-1', beatTitle: 'Glass Mirage' }} />, withAuth);
    expect(await screen.findByRole('link', { name: 'Log in to make an offer' })).toBeTruthy();
    unmount();
    const sold = renderWithProviders(<MakeOffer beat={{ _id: 'beat-2', beatTitle: 'Gone' }} />, withAuth);
    await waitFor(() => expect(sold.queryClient.getQueryData(['exclusive-offers', 'terms', 'beat-2'])).toBeTruthy());
    expect(screen.queryByRole('heading', { name: 'Make an offer' })).toBeNull();
  });
});

describe('the dashboard’s offers', () => {
  it('lets the buyer accept a counter and then pay the accepted amount', async () => {
    let current = offer({ state: 'countered', counterAmount: 420, counterMessage: 'Meet me halfway' });
    const sent: string[] = [];
    stubFetch((url, init) => {
      if (url === '/api/exclusive-offers') return jsonResponse({ offers: [current] });
      if (url === '/api/exclusive-offers/offer-1/answer') {
        sent.push(String(init?.body));
        current = offer({ ...current, state: 'accepted', agreedAmount: 420, payBefore: '2026-06-03T10:00:00.000Z' });
        return jsonResponse({ offer: current });
      }
      if (url === '/api/exclusive-offers/offer-1/checkout') return jsonResponse({ session: { id: 'cs_1', url: '/test-checkout/cs_1' } });
      return new Response('{}', { status: 404 });
    }, testUser());
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithProviders(<MyOffers />, withAuth);

    expect(await screen.findByText('Countered: awaiting your answer')).toBeTruthy();
    expect(screen.getByText(/Meet me halfway/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Accept $420.00' }));
    expect(sent).toEqual([JSON.stringify({ answer: 'accept' })]);
    await user.click(await screen.findByRole('button', { name: 'Pay $420.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/test-checkout/cs_1'));
    expect(screen.getByText('Accepted: ready to pay')).toBeTruthy();
  });

  it('says so when there are no offers', async () => {
    stubFetch((url) => (url === '/api/exclusive-offers' ? jsonResponse({ offers: [] }) : new Response('{}', { status: 404 })), testUser());
    renderWithProviders(<MyOffers />, withAuth);
    expect(await screen.findByText(/You have made no offers yet/)).toBeTruthy();
  });
});

describe('Admin → Offers', () => {
  it('counters an open offer with an amount and a message', async () => {
    const answers: unknown[] = [];
    stubFetch((url, init) => {
      if (url === '/api/admin/exclusive-offers?state=open') return jsonResponse({ offers: [offer({ message: 'For my album' })] });
      if (url === '/api/admin/exclusive-offers/offer-1/answer') {
        answers.push(JSON.parse(String(init?.body)));
        return jsonResponse({ offer: offer({ state: 'countered', counterAmount: 420 }) });
      }
      return new Response('{}', { status: 404 });
    });
    renderWithProviders(<AdminOffers />);
    expect(await screen.findByText(/Ada Lovelace <ada@example.com> offers/)).toBeTruthy();
    expect(screen.getByText('“For my album”')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Counter amount (USD)'), '420');
    await user.type(screen.getByLabelText('Message to the buyer (optional)'), 'Meet me halfway');
    await user.click(screen.getByRole('button', { name: 'Send counter' }));
    expect(await screen.findByText('Counter sent.')).toBeTruthy();
    expect(answers).toEqual([{ answer: 'counter', amount: 420, message: 'Meet me halfway' }]);
  });
});

describe('the beat editor’s minimum offer', () => {
  it('saves a minimum in dollars and clears it back to none', async () => {
    const puts: unknown[] = [];
    stubFetch((url, init) => {
      if (url === '/api/exclusive-offers/beats/beat-1') return jsonResponse({ ...terms, minimumOffer: null });
      if (url === '/api/admin/exclusive-offers/beats/beat-1/minimum') {
        const body = JSON.parse(String(init?.body)) as { minimumOffer: number | null };
        puts.push(body);
        return jsonResponse({ ...terms, minimumOffer: body.minimumOffer });
      }
      return new Response('{}', { status: 404 });
    });
    renderWithProviders(<MinimumOfferForm beatId="beat-1" />);
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Minimum offer (USD)');
    await user.type(field, '300');
    await user.click(screen.getByRole('button', { name: 'Save minimum' }));
    expect(await screen.findByText('Minimum offer saved.')).toBeTruthy();
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save minimum' }));
    expect(await screen.findByText('Any offer is taken now.')).toBeTruthy();
    expect(puts).toEqual([{ minimumOffer: 300 }, { minimumOffer: null }]);
  });
});
