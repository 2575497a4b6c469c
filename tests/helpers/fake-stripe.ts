import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small stand-in for the Stripe API on 127.0.0.1, enough for the real `stripe` SDK to create
 * and retrieve PaymentIntents and create (in full or in part) and retrieve refunds (form-encoded bodies,
 * Idempotency-Key honoured). Tests flip an intent to succeeded with succeed(id), as a customer's
 * payment would; choose how new refunds come out with answerRefunds(), move a pending refund on
 * with settleRefund(), and sign the webhook event Stripe would send with signedEvent().
 */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  last_payment_error: null;
  livemode: false;
  created: number;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: string;
  failure_reason?: string;
  metadata: Record<string, string>;
  created: number;
}

/** How a new refund comes out: Stripe's statuses, or `error` (Stripe refuses the request). */
export type RefundAnswer = 'succeeded' | 'pending' | 'failed' | 'error';

export interface FakeStripeCall {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
}

type Form = Record<string, unknown>;

/** `metadata[bookingId]=7&automatic_payment_methods[enabled]=true` -> nested objects. */
function parseForm(raw: string): Form {
  const out: Form = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Form;
    });
  }
  return out;
}

function stripeError(res: ServerResponse, status: number, message: string, code: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message, code } }));
}

export async function startFakeStripe(opts: { secretKey?: string; webhookSecret?: string } = {}) {
  const secretKey = opts.secretKey ?? 'sk_test_fake';
  let refundAnswer: RefundAnswer = 'succeeded';
  const intents = new Map<string, FakeIntent>();
  const refunds: FakeRefund[] = [];
  const calls: FakeStripeCall[] = [];
  const idempotent = new Map<string, { status: number; body: string }>();
  let counter = 0;
  const created = () => Math.floor(Date.now() / 1000);

  function handle(req: IncomingMessage, raw: string, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = req.method === 'POST' ? parseForm(raw) : Object.fromEntries(url.searchParams);
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    calls.push({ method: req.method ?? 'GET', path: url.pathname, body, idempotencyKey: key });

    if (req.headers.authorization !== `Bearer ${secretKey}`) return stripeError(res, 401, 'Invalid API Key provided', 'api_key_invalid');
    const cacheKey = key ? `${req.method} ${url.pathname} ${key}` : null;
    const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
    if (cached) {
      res.writeHead(cached.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
      return res.end(cached.body);
    }
    const reply = (status: number, payload: unknown) => {
      const text = JSON.stringify(payload);
      if (cacheKey) idempotent.set(cacheKey, { status, body: text });
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_fake_${++counter}` });
      res.end(text);
    };

    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 50) return stripeError(res, 400, 'Invalid amount', 'parameter_invalid_integer');
      const id = `pi_fake_${++counter}`;
      const apm = body.automatic_payment_methods as { enabled?: string } | undefined;
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: String(body.currency),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${Math.random().toString(36).slice(2, 12)}`,
        description: typeof body.description === 'string' ? body.description : null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        automatic_payment_methods: apm ? { enabled: apm.enabled === 'true' } : null,
        last_payment_error: null,
        livemode: false,
        created: created(),
      };
      intents.set(id, intent);
      return reply(200, intent);
    }
    const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      const intent = intents.get(match[1]);
      if (!intent) return stripeError(res, 404, `No such payment_intent: '${match[1]}'`, 'resource_missing');
      return reply(200, intent);
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const intent = intents.get(String(body.payment_intent));
      if (!intent) return stripeError(res, 404, `No such payment_intent: '${String(body.payment_intent)}'`, 'resource_missing');
      if (intent.status !== 'succeeded') return stripeError(res, 400, 'This PaymentIntent does not have a successful charge to refund.', 'charge_not_refundable');
      // A failed or canceled refund gave nothing back, so that much can be refunded again.
      const refunded = refunds.filter((r) => r.payment_intent === intent.id && r.status !== 'failed' && r.status !== 'canceled').reduce((sum, r) => sum + r.amount, 0);
      const left = intent.amount_received - refunded;
      if (left <= 0) return stripeError(res, 400, 'Charge has already been refunded.', 'charge_already_refunded');
      const amount = body.amount === undefined ? left : Number(body.amount);
      if (!Number.isInteger(amount) || amount < 1) return stripeError(res, 400, 'Invalid positive integer', 'parameter_invalid_integer');
      if (amount > left) return stripeError(res, 400, `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`, 'amount_too_large');
      if (refundAnswer === 'error') return reply(400, { error: { type: 'invalid_request_error', message: 'This charge has been disputed and cannot be refunded.', code: 'charge_disputed' } });
      const refund: FakeRefund = {
        id: `re_fake_${++counter}`,
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: refundAnswer,
        ...(refundAnswer === 'failed' ? { failure_reason: 'expired_or_canceled_card' } : {}),
        metadata: (body.metadata as Record<string, string>) ?? {},
        created: created(),
      };
      refunds.push(refund);
      return reply(200, refund);
    }
    const refundMatch = /^\/v1\/refunds\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && refundMatch) {
      const refund = refunds.find((r) => r.id === refundMatch[1]);
      if (!refund) return stripeError(res, 404, `No such refund: '${refundMatch[1]}'`, 'resource_missing');
      return reply(200, refund);
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname})`, 'resource_missing');
  }

  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => handle(req, raw, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    intents,
    refunds,
    calls,
    /** The customer's payment went through. */
    succeed(id: string): FakeIntent {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      return intent;
    },
    /** How the refunds asked for from now on come out (default succeeded). */
    answerRefunds(answer: RefundAnswer) {
      refundAnswer = answer;
    },
    /** A pending refund reaches the card (succeeded) or does not (failed), as the bank decides later. */
    settleRefund(id: string, status: 'succeeded' | 'failed' | 'canceled'): FakeRefund {
      const refund = refunds.find((r) => r.id === id);
      if (!refund) throw new Error(`no refund ${id}`);
      refund.status = status;
      if (status === 'failed') refund.failure_reason = 'expired_or_canceled_card';
      return refund;
    },
    /** The webhook delivery Stripe would make: the event's JSON and its Stripe-Signature header. */
    signedEvent(type: string, object: unknown, id = `evt_fake_${++counter}`) {
      if (!opts.webhookSecret) throw new Error('startFakeStripe({ webhookSecret }) to sign events');
      const payload = JSON.stringify({ id, object: 'event', type, api_version: '2025-01-01', created: created(), livemode: false, data: { object } });
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.webhookSecret }) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
