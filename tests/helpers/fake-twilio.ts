import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small stand-in for Twilio's Messages API on 127.0.0.1, enough for the real `twilio` SDK to
 * send a text (POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, HTTP Basic auth with
 * the account SID and auth token). Every request is recorded; failNext(n) makes the next n
 * answer with an error as Twilio would (a 503 by default, or e.g. a 400 for a number it refuses).
 */
export interface FakeTwilioRequest {
  method: string;
  path: string;
  /** The form fields (To, From, Body...). */
  body: Record<string, string>;
  /** The Basic auth user (the account SID), or null without one. */
  user: string | null;
}

export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
}

export interface FakeTwilioFailure {
  status: number;
  code: number;
  message: string;
}

const UNAVAILABLE: FakeTwilioFailure = { status: 503, code: 20503, message: 'Service unavailable' };

export const FAKE_TWILIO_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const FAKE_TWILIO_TOKEN = 'fake_auth_token';

export async function startFakeTwilio(opts: { accountSid?: string; authToken?: string } = {}) {
  const accountSid = opts.accountSid ?? FAKE_TWILIO_SID;
  const authToken = opts.authToken ?? FAKE_TWILIO_TOKEN;
  const requests: FakeTwilioRequest[] = [];
  const messages: FakeTwilioMessage[] = [];
  const failures: FakeTwilioFailure[] = [];
  let counter = 0;

  function reply(res: ServerResponse, status: number, payload: unknown) {
    res.writeHead(status, { 'content-type': 'application/json', 'twilio-request-id': `RQfake${++counter}` });
    res.end(JSON.stringify(payload));
  }
  function error(res: ServerResponse, f: FakeTwilioFailure) {
    reply(res, f.status, { code: f.code, message: f.message, more_info: `https://www.twilio.com/docs/errors/${f.code}`, status: f.status });
  }

  function handle(req: IncomingMessage, raw: string, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = Object.fromEntries(new URLSearchParams(raw));
    const auth = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [user, password] = auth ? Buffer.from(auth, 'base64').toString().split(':') : [null, null];
    requests.push({ method: req.method ?? 'GET', path: url.pathname, body, user: user ?? null });

    if (user !== accountSid || password !== authToken) return error(res, { status: 401, code: 20003, message: 'Authenticate' });
    const failure = failures.shift();
    if (failure) return error(res, failure);
    if (req.method !== 'POST' || url.pathname !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
      return error(res, { status: 404, code: 20404, message: `The requested resource ${url.pathname} was not found` });
    }
    if (!body.To) return error(res, { status: 400, code: 21604, message: "A 'To' phone number is required." });
    if (!body.From) return error(res, { status: 400, code: 21603, message: "The 'From' phone number is required." });
    if (!body.Body) return error(res, { status: 400, code: 21602, message: 'Message body is required.' });
    const sid = `SM${String(++counter).padStart(32, '0')}`;
    messages.push({ sid, to: body.To, from: body.From, body: body.Body });
    const now = new Date().toUTCString();
    reply(res, 201, {
      sid,
      account_sid: accountSid,
      to: body.To,
      from: body.From,
      body: body.Body,
      status: 'queued',
      direction: 'outbound-api',
      num_segments: '1',
      date_created: now,
      date_updated: now,
      date_sent: null,
      api_version: '2010-04-01',
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    });
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
    accountSid,
    authToken,
    /** The app's settings that send its texts here, from `from`. */
    env: (from = '+13105550100') => ({ TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from, TWILIO_API_BASE: `http://127.0.0.1:${port}` }),
    /** Every request received, in order (failed ones too). */
    requests,
    /** The texts accepted, in order. */
    messages,
    /** The next `n` requests answer with `failure` (a 503 unless given). */
    failNext(n: number, failure: FakeTwilioFailure = UNAVAILABLE) {
      for (let i = 0; i < n; i++) failures.push(failure);
    },
    reset() {
      requests.length = 0;
      messages.length = 0;
      failures.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;
