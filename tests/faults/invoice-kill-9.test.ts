import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { killAllServers, startServer, type ServerProcess } from '../helpers/server-process';
import { FAULT_ENV, builtMainJs, connectEmbedded, is2xx, json, makeDataDir, postmastersOn, removeDataDir, runClients, send, tally, type Outcome } from './support';

/**
 * `kill -9` while customers pay their invoices by card (issue 23, decision 0021): sent invoices
 * written straight to the database, then, for each, the payment intent for the balance and a tip
 * and the demo card form, many at once, and the server SIGKILLed with requests in flight. After
 * the restart every intent is confirmed (POST /api/invoices/:token/confirm, as the customer's
 * return from Stripe would) and some card forms are sent again. No payment the server
 * acknowledged is lost, none is recorded twice, the sums and status agree with the payments, and
 * each paid invoice's receipt is queued once. Twice in a row on one DATA_DIR, then every invoice
 * left unpaid is paid normally.
 */

const ROUNDS = 2;
const INVOICES_PER_ROUND = 20;
const CLIENTS = 5;
/** The kill comes once this many card forms were acknowledged (and requests are in flight). */
const KILL_AFTER_PAID = 5;

/** The invoice's money: $238 of work less the $50 deposit, as tests/helpers/invoices.ts' JOB_SUMS. */
const TOTAL = 23_800;
const DEPOSIT = 5_000;
const BALANCE = TOTAL - DEPOSIT;
const LINES = [
  { description: 'Dresser', quantity: 2, unitCents: 8_900, taxable: false },
  { description: 'Bed frame', quantity: 1, unitCents: 6_000, taxable: false },
];
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

const dirs: string[] = [];
afterAll(() => {
  killAllServers();
  for (const dir of dirs) removeDataDir(dir);
});

interface Invoice {
  id: number;
  token: string;
  email: string;
  /** Each invoice's own tip, so a payment recorded on the wrong one would show. */
  tipCents: number;
}

interface Attempt {
  invoice: Invoice;
  intent?: Outcome;
  /** The intent's id, from the answer's client secret (`{id}_secret_{...}`). */
  intentId?: string;
  clientSecret?: string;
  paid?: Outcome;
}

let seq = 0;

/** A connection to the app's database; one a failed case leaves open must not end the run when the server goes. */
async function openDb(dataDir: string): Promise<pg.Client> {
  const db = await connectEmbedded(dataDir);
  db.on('error', () => {});
  return db;
}

/** `count` completed jobs, deposit paid, each with its invoice sent and one link to it (the token as the customer's email carries it). */
async function seedInvoices(db: pg.Client, count: number): Promise<Invoice[]> {
  const out: Invoice[] = [];
  for (let i = 0; i < count; i++) {
    seq++;
    const tag = randomBytes(4).toString('hex');
    const email = `invoice-${tag}@faults.test`;
    // A past day of its own: completed jobs never share a crew's time.
    const day = new Date(Date.UTC(2020, 0, 1) + seq * 86_400_000).toISOString().slice(0, 10);
    const { rows: b } = await db.query<{ id: number }>(
      `insert into bookings (service_type, booking_date, booking_time, starts_at, duration_minutes, full_name, email, phone, address,
         status, deposit_paid, paid_at, lines, total_cents)
       values ('furniture-assembly', $1::date, '10:00 AM', ($1::text || 'T17:00:00Z')::timestamptz, 240, 'Fault Test', $2, '(310) 555-0142',
         '1450 Ocean Ave, Santa Monica, CA 90401', 'completed', true, ($1::text || 'T12:00:00Z')::timestamptz - interval '7 days',
         $3::jsonb, $4)
       returning id`,
      [day, email, JSON.stringify([{ name: 'Dresser', quantity: 2, unitCents: 8_900, amountCents: 17_800, minutes: 180 }, { name: 'Bed frame', quantity: 1, unitCents: 6_000, amountCents: 6_000, minutes: 60 }]), TOTAL],
    );
    const { rows: inv } = await db.query<{ id: number }>(
      `insert into invoices (booking_id, number, status, lines, subtotal_cents, tax_cents, total_cents, deposit_credit_cents, sent_at)
       values ($1, $2, 'sent', $3::jsonb, $4, 0, $4, $5, now()) returning id`,
      [b[0].id, `INV-2020-${String(seq).padStart(4, '0')}`, JSON.stringify(LINES), TOTAL, DEPOSIT],
    );
    // As send.ts mints it: 32 random bytes as base64url, only the SHA-256 (hex) stored.
    const token = randomBytes(32).toString('base64url');
    await db.query('insert into invoice_links (token_hash, invoice_id) values ($1, $2)', [createHash('sha256').update(token).digest('hex'), inv[0].id]);
    out.push({ id: inv[0].id, token, email, tipCents: 100 + seq * 7 });
  }
  return out;
}

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0];

/** The customer's two steps: the intent for the balance and the tip, then the demo card form. */
async function pay(base: string, attempt: Attempt, track: <T>(p: Promise<T>) => Promise<T> = (p) => p): Promise<void> {
  const { invoice } = attempt;
  attempt.intent = await track(send(base, 'POST', `/api/invoices/${invoice.token}/payment-intent`, { tipCents: invoice.tipCents }));
  const answer = is2xx(attempt.intent) ? json<{ clientSecret: string; amountCents: number }>(attempt.intent) : undefined;
  if (!answer) return;
  expect(answer.amountCents, `invoice ${invoice.id}'s intent amount`).toBe(BALANCE + invoice.tipCents);
  attempt.clientSecret = answer.clientSecret;
  attempt.intentId = intentIdOf(answer.clientSecret);
  attempt.paid = await track(send(base, 'POST', `/api/invoices/${invoice.token}/demo-confirm`, { clientSecret: answer.clientSecret, ...CARD }));
}

/** Pays the invoices side by side and SIGKILLs the server once some are paid, with requests in flight. */
async function payAndKill(server: ServerProcess, invoices: Invoice[]): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  const queue = [...invoices];
  let killed = false;
  let inFlight = 0;
  const track = async <T>(request: Promise<T>): Promise<T> => {
    inFlight++;
    try {
      return await request;
    } finally {
      inFlight--;
    }
  };
  const paidCount = () => attempts.filter((a) => a.paid && is2xx(a.paid)).length;
  const killer = (async () => {
    const deadline = Date.now() + 15_000;
    while (paidCount() < KILL_AFTER_PAID && Date.now() < deadline) await sleep(1);
    // A random moment after that, with requests on the wire.
    await sleep(Math.floor(Math.random() * 40));
    const wire = Date.now() + 2_000;
    while (inFlight < 2 && Date.now() < wire) await sleep(1);
    killed = true;
    server.child.kill('SIGKILL');
  })();
  const clients = runClients({
    clients: CLIENTS,
    maxRequests: invoices.length,
    timeLimitMs: 20_000,
    stop: () => killed || queue.length === 0,
    step: async () => {
      const invoice = queue.shift();
      if (!invoice) return;
      const attempt: Attempt = { invoice };
      attempts.push(attempt);
      await pay(server.url, attempt, track);
    },
  });
  await Promise.all([clients, killer]);
  expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
  return attempts;
}

interface PaymentRow {
  invoice_id: number;
  method: string;
  amount_cents: number;
  tip_cents: number;
  excess_cents: number;
  provider_intent_id: string | null;
}

/** What the database says of every invoice: the problems, one line each. */
async function ledgerProblems(db: pg.Client, invoices: Invoice[], attempts: Attempt[]): Promise<string[]> {
  const ids = invoices.map((i) => i.id);
  const { rows: invRows } = await db.query<{ id: number; status: string; paid_cents: number; tip_cents: number; total_cents: number; deposit_credit_cents: number; paid_at: Date | null }>(
    'select id, status, paid_cents, tip_cents, total_cents, deposit_credit_cents, paid_at from invoices where id = any($1)',
    [ids],
  );
  const { rows: payments } = await db.query<PaymentRow>('select invoice_id, method, amount_cents, tip_cents, excess_cents, provider_intent_id from invoice_payments where invoice_id = any($1)', [ids]);
  const { rows: intents } = await db.query<{ id: string; invoice_id: number; status: string; amount: number; tip_cents: number }>(
    'select id, invoice_id, status, amount, tip_cents from demo_payments where invoice_id = any($1)',
    [ids],
  );
  const { rows: receipts } = await db.query<{ to_address: string; n: number }>(
    "select to_address, count(*)::int as n from email_outbox where kind = 'invoice_receipt' and to_address = any($1) group by to_address",
    [invoices.map((i) => i.email)],
  );
  const problems: string[] = [];
  for (const invoice of invoices) {
    const row = invRows.find((r) => r.id === invoice.id);
    if (!row) {
      problems.push(`invoice ${invoice.id} is gone`);
      continue;
    }
    const mine = payments.filter((p) => p.invoice_id === invoice.id);
    const cards = mine.filter((p) => p.method === 'card');
    const label = `invoice ${invoice.id}`;
    if (cards.length > 1) problems.push(`${label} has ${cards.length} card payments: ${JSON.stringify(cards)}`);
    if (mine.length !== cards.length) problems.push(`${label} has payments not by card: ${JSON.stringify(mine)}`);
    const intentIds = cards.map((p) => p.provider_intent_id);
    if (new Set(intentIds).size !== intentIds.length) problems.push(`${label} records one intent twice: ${intentIds.join(', ')}`);
    for (const p of cards) {
      if (p.amount_cents !== BALANCE || p.tip_cents !== invoice.tipCents || p.excess_cents !== 0) {
        problems.push(`${label}'s payment ${p.provider_intent_id} is ${p.amount_cents} + tip ${p.tip_cents} + excess ${p.excess_cents}, not ${BALANCE} + tip ${invoice.tipCents}`);
      }
    }
    const paidSum = mine.reduce((s, p) => s + p.amount_cents, 0);
    const tipSum = mine.reduce((s, p) => s + p.tip_cents, 0);
    if (row.paid_cents !== paidSum || row.tip_cents !== tipSum) problems.push(`${label} says paid ${row.paid_cents} + tips ${row.tip_cents}; its payments sum to ${paidSum} + ${tipSum}`);
    const balance = Math.max(0, row.total_cents - row.deposit_credit_cents - row.paid_cents);
    const expectedStatus = balance === 0 ? 'paid' : row.paid_cents > 0 ? 'partly_paid' : 'sent';
    if (row.status !== expectedStatus || (row.status === 'paid') !== (row.paid_at !== null)) problems.push(`${label} is ${row.status} (paid at ${String(row.paid_at)}) with a balance of ${balance}`);
    // Every intent the provider took money for is recorded, exactly once.
    for (const intent of intents.filter((x) => x.invoice_id === invoice.id && x.status === 'succeeded')) {
      const n = cards.filter((p) => p.provider_intent_id === intent.id).length;
      if (n !== 1) problems.push(`${label}'s intent ${intent.id} succeeded at the provider but is recorded ${n} times`);
    }
    // Nothing recorded that the provider did not take.
    for (const p of cards) {
      if (!intents.some((x) => x.id === p.provider_intent_id && x.status === 'succeeded')) problems.push(`${label} records ${p.provider_intent_id}, which did not succeed at the provider`);
    }
    const receiptCount = receipts.find((r) => r.to_address === invoice.email)?.n ?? 0;
    if (receiptCount !== (row.status === 'paid' ? 1 : 0)) problems.push(`${label} (${row.status}) has ${receiptCount} receipt emails queued`);
  }
  // Every card form the server acknowledged is a payment of that very intent.
  for (const a of attempts) {
    if (!a.paid || !is2xx(a.paid)) continue;
    const recorded = payments.filter((p) => p.provider_intent_id === a.intentId);
    if (recorded.length !== 1 || recorded[0].invoice_id !== a.invoice.id) problems.push(`invoice ${a.invoice.id}'s card form answered ${tally([a.paid])} for ${a.intentId}, recorded ${recorded.length} times`);
  }
  return problems;
}

describe('kill -9 while invoice payments are confirmed, on the embedded server', () => {
  it(`loses no acknowledged payment and records none twice through ${ROUNDS} kills on one DATA_DIR`, async () => {
    const mainJs = await builtMainJs();
    const dataDir = makeDataDir('invoice-kill');
    dirs.push(dataDir);
    const start = () => startServer({ mainJs, dataDir, env: FAULT_ENV, readyTimeoutMs: 30_000 });

    let server = await start();
    const all: Invoice[] = [];
    const attempts: Attempt[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      let db = await openDb(dataDir);
      const invoices = await seedInvoices(db, INVOICES_PER_ROUND);
      await db.end();
      all.push(...invoices);

      const mine = await payAndKill(server, invoices);
      attempts.push(...mine);
      const cutOff = mine.filter((a) => a.intent?.kind === 'error' || a.paid?.kind === 'error');
      console.info(
        `kill ${round}: ${mine.length} invoices started; intents ${tally(mine.map((a) => a.intent!))}; card forms ${tally(mine.flatMap((a) => (a.paid ? [a.paid] : [])))}`,
      );
      expect(cutOff.length, `requests cut off by kill ${round}`).toBeGreaterThan(0);

      server = await start();
      expect(postmastersOn(dataDir), `postmasters after restart ${round}`).toHaveLength(1);

      // The customer comes back from every intent the server made: those it answered, and those
      // the provider holds whose answer the kill cut off.
      db = await openDb(dataDir);
      const { rows: held } = await db.query<{ id: string; invoice_id: number }>('select id, invoice_id from demo_payments where invoice_id = any($1)', [invoices.map((i) => i.id)]);
      // Taken by the card but not yet an invoice payment: the kill fell between the two.
      const { rows: unrecorded } = await db.query<{ n: number }>(
        "select count(*)::int as n from demo_payments d where invoice_id = any($1) and status = 'succeeded' and not exists (select 1 from invoice_payments p where p.provider_intent_id = d.id)",
        [invoices.map((i) => i.id)],
      );
      console.info(`after kill ${round}: ${held.length} intents held, ${unrecorded[0].n} succeeded and not yet recorded`);
      const toConfirm = new Map<string, Invoice>();
      for (const a of mine) if (a.intentId) toConfirm.set(a.intentId, a.invoice);
      for (const h of held) toConfirm.set(h.id, invoices.find((i) => i.id === h.invoice_id)!);
      const confirms = await Promise.all(
        [...toConfirm].map(async ([intentId, invoice]) => ({ intentId, invoice, outcome: await send(server.url, 'POST', `/api/invoices/${invoice.token}/confirm`, { paymentIntentId: intentId }) })),
      );
      const { rows: statuses } = await db.query<{ id: string; status: string }>('select id, status from demo_payments where id = any($1)', [[...toConfirm.keys()]]);
      for (const c of confirms) {
        expect(c.outcome.kind === 'response' && c.outcome.status, `confirm ${c.intentId}: ${tally([c.outcome])} ${c.outcome.kind === 'response' ? c.outcome.body : ''}`).toBe(200);
        const answered = json<{ paymentStatus: string; invoice: { status: string } }>(c.outcome)!;
        expect(answered.paymentStatus, `confirm ${c.intentId}'s status`).toBe(statuses.find((s) => s.id === c.intentId)?.status);
        if (answered.paymentStatus === 'succeeded') expect(answered.invoice.status, `invoice ${c.invoice.id} after confirming ${c.intentId}`).toBe('paid');
      }
      // The card form sent again (a reload, a double tap) for every other acknowledged one: harmless.
      const again = mine.filter((a) => a.paid && is2xx(a.paid)).filter((_, i) => i % 2 === 0);
      const repeats = await Promise.all(again.map((a) => send(server.url, 'POST', `/api/invoices/${a.invoice.token}/demo-confirm`, { clientSecret: a.clientSecret, ...CARD })));
      expect(repeats.map((r) => r.kind === 'response' && r.status)).toEqual(again.map(() => 200));
      // And a confirm repeated.
      const confirmAgain = confirms.filter((_, i) => i % 3 === 0);
      const repeated = await Promise.all(confirmAgain.map((c) => send(server.url, 'POST', `/api/invoices/${c.invoice.token}/confirm`, { paymentIntentId: c.intentId })));
      expect(repeated.map((r) => r.kind === 'response' && r.status)).toEqual(confirmAgain.map(() => 200));

      expect(await ledgerProblems(db, all, attempts)).toEqual([]);
      await db.end();
    }
    expect(attempts.filter((a) => a.paid && is2xx(a.paid)).length, 'card forms acknowledged').toBeGreaterThanOrEqual(ROUNDS * KILL_AFTER_PAID);

    // The restarted server serves normally: every invoice left unpaid is paid now, once.
    const db = await openDb(dataDir);
    const { rows: unpaid } = await db.query<{ id: number }>("select id from invoices where id = any($1) and status <> 'paid'", [all.map((i) => i.id)]);
    const later = unpaid.map(({ id }) => ({ invoice: all.find((i) => i.id === id)! }) as Attempt);
    await runClients({ clients: CLIENTS, maxRequests: later.length, timeLimitMs: 30_000, step: (_, i) => pay(server.url, later[i]) });
    for (const a of later) expect(a.paid && a.paid.kind === 'response' && a.paid.status, `paying invoice ${a.invoice.id} after the kills: ${tally([a.intent!])}`).toBe(200);
    expect(await ledgerProblems(db, all, [...attempts, ...later])).toEqual([]);
    const { rows: left } = await db.query<{ n: number }>("select count(*)::int as n from invoices where id = any($1) and status <> 'paid'", [all.map((i) => i.id)]);
    expect(left[0].n, 'invoices still unpaid').toBe(0);
    await db.end();

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});
