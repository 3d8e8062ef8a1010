/**
 * A stand-in for the few Stripe API calls the product makes (open, read and expire a Checkout Session; refund),
 * answered the way Stripe answers them, for tests that drive the official `stripe` package at STRIPE_API_URL.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  expires_at: number;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  mode: string;
}

/** The few Stripe API calls the product makes, responded to the way Stripe responds to them. */
export class StripeStandIn {
  constructor(private readonly secretKey = 'sk_test_standin') {}


  readonly sessions = new Map<string, StandInSession>();
  readonly requests: Array<{ method: string; path: string; form: URLSearchParams; headers: IncomingMessage['headers'] }> = [];
  readonly refunds = new Map<string, { id: string; amount: number; payment_intent: string }>();
  private server: Server | null = null;
  url = '';

  /** Listens on `port` (0: any free one); `url` is where the product's STRIPE_API_URL should point. */
  async start(port = 0): Promise<void> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        const path = (req.url ?? '').split('?')[0]!;
        this.requests.push({ method: req.method ?? '', path, form, headers: req.headers });
        const [status, answer] = this.route(req.method ?? '', path, form, req.headers);
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** Stops listening and cuts the connections the Stripe client keeps open. */
  stop(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private route(method: string, path: string, form: URLSearchParams, headers: IncomingMessage['headers']): [number, unknown] {
    if (headers.authorization !== `Bearer ${this.secretKey}`) {
      return [401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }];
    }
    const missing: [number, unknown] = [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' } }];
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      let amount = 0;
      for (let i = 0; form.has(`line_items[${i}][price_data][unit_amount]`); i++) {
        amount += Number(form.get(`line_items[${i}][price_data][unit_amount]`)) * Number(form.get(`line_items[${i}][quantity]`) ?? 1);
      }
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const m = /^metadata\[(.+)\]$/.exec(key);
        if (m) metadata[m[1]!] = value;
      }
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const session: StandInSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        amount_total: amount,
        currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
        client_reference_id: form.get('client_reference_id'),
        customer_email: form.get('customer_email'),
        expires_at: Number(form.get('expires_at')),
        metadata,
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        mode: form.get('mode') ?? '',
      };
      this.sessions.set(id, session);
      return [200, session];
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (sessionMatch) {
      const session = this.sessions.get(sessionMatch[1]!);
      if (!session) return missing;
      if (method === 'GET') return [200, session];
      if (method === 'POST' && sessionMatch[2]) {
        if (session.status !== 'open') {
          return [400, { error: { type: 'invalid_request_error', message: 'Only Checkout Sessions with a status of open can be expired.' } }];
        }
        session.status = 'expired';
        session.url = null;
        return [200, session];
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const key = String(headers['idempotency-key'] ?? randomBytes(4).toString('hex'));
      const existing = this.refunds.get(key);
      if (existing) return [200, { ...existing, object: 'refund', status: 'succeeded' }];
      const refund = { id: `re_${randomBytes(8).toString('hex')}`, amount: Number(form.get('amount')), payment_intent: form.get('payment_intent') ?? '' };
      this.refunds.set(key, refund);
      return [200, { ...refund, object: 'refund', status: 'succeeded' }];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } }];
  }

  /** The buyer pays on Stripe's page. */
  complete(id: string): StandInSession {
    const session = this.sessions.get(id)!;
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = `pi_${randomBytes(8).toString('hex')}`;
    session.url = null;
    return session;
  }
}
