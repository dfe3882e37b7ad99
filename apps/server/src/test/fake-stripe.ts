import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

// A local Stripe for tests: an HTTP server answering the few endpoints the adapter calls (Checkout
// Sessions, the billing portal, subscriptions, prices) with objects shaped like Stripe's, remembering
// what it created. Tests point the server at it with STRIPE_API_BASE, finish a Checkout the way a
// customer would (`completeCheckout`), and deliver webhooks signed with the package's own test-header
// helper, exactly as Stripe signs them.

export const FAKE_STRIPE_KEY = 'sk_test_ridgeline_fake_0123456789';
export const FAKE_WEBHOOK_SECRET = 'whsec_ridgeline_fake_0123456789abcdef';

type Json = Record<string, unknown>;
export type FakeRequest = { method: string; path: string; body: Json };

const DAY_S = 24 * 60 * 60;
const nowS = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string, length = 24) => `${prefix}${randomBytes(length).toString('base64url').replace(/[-_]/g, 'x').slice(0, length)}`;

/** Stripe's form encoding (`a[b][0][c]=v`) as nested objects (list indexes stay keys). */
export function parseForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split('[').map((part) => part.replace(/]$/, ''));
    let node = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next === 'object' && next !== null) node = next as Json;
      else {
        const created: Json = {};
        node[part] = created;
        node = created;
      }
    });
  }
  return root;
}

const objectAt = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});
const stringAt = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export type FakeSession = {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  customer: string | null;
  customer_email: string | null;
  subscription: string | null;
  metadata: Record<string, string>;
  url: string;
  amount_total: number;
  success_url: string;
  cancel_url: string;
  line_items: Json;
  customer_creation: string | null;
};

export type FakeSubscription = {
  id: string;
  object: 'subscription';
  status: string;
  customer: string;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; current_period_start: number; current_period_end: number; price: Json }[] };
};

export type InvoiceOptions = {
  customer: string;
  subscription?: string | null;
  amountCents: number;
  description?: string;
  /** The line's service period (seconds); defaults to the month starting now. */
  periodStart?: number;
  periodEnd?: number;
  id?: string;
  /** The subscription's metadata as the invoice carries it (our Checkout writes companyId there). */
  metadata?: Record<string, string>;
};

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** Starts the local Stripe on a free port; call stop() in afterAll. */
export async function startFakeStripe() {
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const prices = new Map<string, Json>();
  const requests: FakeRequest[] = [];
  let base = '';

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req_') });
    res.end(JSON.stringify(body));
  };
  const missing = (res: ServerResponse, what: string) =>
    send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });

  function newSubscription(customer: string, metadata: Record<string, string>, price: Json): FakeSubscription {
    const start = nowS();
    const subscription: FakeSubscription = {
      id: newId('sub_'),
      object: 'subscription',
      status: 'active',
      customer,
      metadata,
      items: {
        object: 'list',
        data: [{ id: newId('si_'), object: 'subscription_item', current_period_start: start, current_period_end: start + 30 * DAY_S, price }],
      },
    };
    subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  function route(method: string, path: string, body: Json, res: ServerResponse): void {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const lineItems = objectAt(body.line_items);
      const priceData = objectAt(objectAt(lineItems['0']).price_data);
      const session: FakeSession = {
        id: newId('cs_test_', 66),
        object: 'checkout.session',
        mode: stringAt(body.mode) ?? 'payment',
        status: 'open',
        payment_status: 'unpaid',
        customer: stringAt(body.customer),
        customer_email: stringAt(body.customer_email),
        subscription: null,
        metadata: objectAt(body.metadata) as Record<string, string>,
        url: `${base}/checkout/pay`,
        amount_total: Number(priceData.unit_amount ?? 0),
        success_url: stringAt(body.success_url) ?? '',
        cancel_url: stringAt(body.cancel_url) ?? '',
        line_items: lineItems,
        customer_creation: stringAt(body.customer_creation),
      };
      session.url = `${base}/checkout/pay/${session.id}`;
      sessions.set(session.id, session);
      return send(res, 200, session);
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sessionMatch?.[1]) {
      const session = sessions.get(sessionMatch[1]);
      return session ? send(res, 200, session) : missing(res, 'checkout.session');
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = newId('bps_');
      return send(res, 200, { id, object: 'billing_portal.session', customer: body.customer, return_url: body.return_url, url: `${base}/portal/${id}` });
    }
    if (method === 'POST' && path === '/v1/prices') {
      const price = {
        id: newId('price_'),
        object: 'price',
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        recurring: body.recurring ?? null,
        product: newId('prod_'),
        metadata: body.metadata ?? {},
      };
      prices.set(price.id, price);
      return send(res, 200, price);
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscriptionMatch?.[1]) {
      const subscription = subscriptions.get(subscriptionMatch[1]);
      if (!subscription) return missing(res, 'subscription');
      if (method === 'POST') {
        const item = objectAt(objectAt(body.items)['0']);
        const target = subscription.items.data.find((candidate) => candidate.id === item.id);
        const price = prices.get(stringAt(item.price) ?? '');
        if (target && price) target.price = price;
        if (body.metadata) subscription.metadata = objectAt(body.metadata) as Record<string, string>;
      }
      return send(res, 200, subscription);
    }
    return missing(res, `route ${method} ${path}`);
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      const method = req.method ?? 'GET';
      const body = parseForm(method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
      requests.push({ method, path: url.pathname, body });
      if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
        send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      route(method, url.pathname, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** STRIPE_API_BASE for the app under test. */
    url: base,
    /** The environment that starts the app in Stripe mode against this server. */
    env: (): Record<string, string> => ({ STRIPE_SECRET_KEY: FAKE_STRIPE_KEY, STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET, STRIPE_API_BASE: base }),
    requests,
    sessions,
    subscriptions,

    /** A Checkout Session as a test sets it up (the app's start-checkout endpoints create theirs through the adapter). */
    createSession(options: {
      mode: 'subscription' | 'payment';
      amountCents: number;
      metadata?: Record<string, string>;
      customer?: string | null;
    }): FakeSession {
      const session: FakeSession = {
        id: newId('cs_test_', 66),
        object: 'checkout.session',
        mode: options.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: options.customer ?? null,
        customer_email: null,
        subscription: null,
        metadata: options.metadata ?? {},
        url: '',
        amount_total: options.amountCents,
        success_url: '',
        cancel_url: '',
        line_items: {},
        customer_creation: null,
      };
      session.url = `${base}/checkout/pay/${session.id}`;
      sessions.set(session.id, session);
      return session;
    },

    /** The customer pays: the session completes (paid), with a customer and, for a plan, an active subscription. */
    completeCheckout(id: string, options: { paid?: boolean } = {}): FakeSession {
      const session = sessions.get(id);
      if (!session) throw new Error(`fake Stripe has no session ${id}`);
      session.customer ??= newId('cus_');
      if (session.mode === 'subscription' && !session.subscription) {
        session.subscription = newSubscription(session.customer, session.metadata, { id: newId('price_'), unit_amount: session.amount_total }).id;
      }
      session.status = 'complete';
      session.payment_status = options.paid === false ? 'unpaid' : 'paid';
      return session;
    },

    expireCheckout(id: string): void {
      const session = sessions.get(id);
      if (session) session.status = 'expired';
    },

    /** An invoice object as Stripe's invoice events carry it. */
    invoice(options: InvoiceOptions): Json {
      const start = options.periodStart ?? nowS();
      const end = options.periodEnd ?? start + 30 * DAY_S;
      const id = options.id ?? newId('in_');
      return {
        id,
        object: 'invoice',
        customer: options.customer,
        number: `RDG-${id.slice(-6).toUpperCase()}`,
        amount_due: options.amountCents,
        amount_paid: options.amountCents,
        currency: 'usd',
        description: null,
        hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
        created: nowS(),
        period_start: start - 30 * DAY_S,
        period_end: start,
        parent: options.subscription
          ? { type: 'subscription_details', subscription_details: { subscription: options.subscription, metadata: options.metadata ?? {} } }
          : null,
        lines: {
          object: 'list',
          data: [
            { id: newId('il_'), object: 'line_item', description: options.description ?? '1 × Ridgeline plan (at $399.00 / month)', period: { start, end } },
          ],
        },
      };
    },

    /** A Stripe event wrapping an object. */
    event(type: string, object: unknown, id: string = newId('evt_')): Json {
      return {
        id,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: nowS(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      };
    },

    /** Delivers an event to the app's webhook, signed as Stripe signs it (or with the given signature). */
    async sendWebhook(appUrl: string, event: Json, options: { signature?: string; secret?: string } = {}): Promise<{ status: number; body: unknown }> {
      const payload = JSON.stringify(event, null, 2);
      const signature = options.signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? FAKE_WEBHOOK_SECRET });
      const response = await fetch(`${appUrl}/api/billing/webhook`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': signature,
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      return { status: response.status, body };
    },

    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
