import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_BUSINESS_TZ } from '../shared/constants';

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** An empty variable counts as unset, so `PORT=` in a .env file means the default, not port 0. */
const blankAsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

function urlWithProtocol(protocols: string[], message: string) {
  return z
    .string()
    .refine((v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, message)
    .optional();
}

const PORT_MESSAGE = 'must be a port number from 0 to 65535';

const timeZone = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'must be an IANA time zone such as America/Los_Angeles');

const TRUST_PROXY_MESSAGE =
  'must be the number of proxies in front of the app (such as 1) or a comma-separated list of their addresses (such as 10.0.0.5 or 10.0.0.0/8)';

/** An IPv4 or IPv6 address, or a CIDR range of either. */
function isAddressOrRange(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Whose X-Forwarded-For the app believes: off, a hop count, or the proxies' addresses. Never
 * everyone: the address it yields keys every per-address limit and hold cap, so trusting any
 * client lets each one pick a new address per request.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const value = v?.trim() ?? '';
    if (value === '' || value === '0' || value.toLowerCase() === 'false') return false;
    if (['true', '*', 'all'].includes(value.toLowerCase())) {
      ctx.addIssue({
        code: 'custom',
        message: `must not trust every client ("${value}"): any visitor could then choose the address every per-address limit counts. Set the number of proxies in front of the app (such as 1) or their addresses (such as 10.0.0.5 or 10.0.0.0/8)`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value) && Number(value) <= 100) return Number(value);
    const addresses = value.split(',').map((a) => a.trim()).filter(Boolean);
    if (!addresses.length || !addresses.every(isAddressOrRange)) {
      ctx.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
      return z.NEVER;
    }
    return addresses;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.preprocess(blankAsUnset, z.coerce.number({ error: PORT_MESSAGE }).int(PORT_MESSAGE).min(0, PORT_MESSAGE).max(65535, PORT_MESSAGE).default(5000)),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optional.pipe(urlWithProtocol(['postgres:', 'postgresql:'], 'must be a postgres:// URL such as postgres://user:password@host:5432/dbname')),
    TRUST_PROXY: trustProxy,
    PUBLIC_URL: optional.pipe(urlWithProtocol(['http:', 'https:'], 'must be an origin such as https://example.com')),
    BUSINESS_TZ: timeZone.default(DEFAULT_BUSINESS_TZ),
    BUSINESS_EMAIL: optional.pipe(z.string().email('must be an email address').optional()),
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((v) => v.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean))
      .pipe(z.array(z.string().email('must be a comma-separated list of email addresses'))),
    STRIPE_SECRET_KEY: optional,
    STRIPE_PUBLISHABLE_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    /** Where the Stripe SDK sends its calls; only tests point it at a local fake. */
    STRIPE_API_BASE: optional.pipe(z.string().url('must be a URL such as http://127.0.0.1:12111').optional()),
    PAYMENTS: optional.pipe(z.enum(['stripe', 'demo'], { error: 'must be stripe or demo' }).optional()),
    TWILIO_ACCOUNT_SID: optional.pipe(z.string().regex(/^AC[0-9a-zA-Z]{32}$/, 'must be an account SID: AC followed by 32 letters and digits').optional()),
    TWILIO_AUTH_TOKEN: optional,
    TWILIO_FROM: optional.pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, 'must be a phone number in E.164 form such as +13105550100').optional()),
    /** Where the Twilio SDK sends its calls; only tests point it at a local fake. */
    TWILIO_API_BASE: optional.pipe(urlWithProtocol(['http:', 'https:'], 'must be a URL such as http://127.0.0.1:12112')),
    SMTP_URL: optional.pipe(urlWithProtocol(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465')),
    MAIL_FROM: z.string().default('Westside Assembly Pros <bookings@westsideassembly.example>'),
    RECAPTCHA_SITE_KEY: optional,
    RECAPTCHA_SECRET_KEY: optional,
    RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
    RECAPTCHA_MIN_SCORE: z.preprocess(blankAsUnset, z.coerce.number().min(0).max(1).default(0.5)),
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
    SESSION_SECRET: optional,
    /** Secret token of the business's subscribable .ics feed; the feed is off without it. */
    CALENDAR_FEED_TOKEN: optional,
    /** Tests only: lets the owner's calendar feeds be fetched from loopback and private addresses. */
    ICS_ALLOW_PRIVATE_HOSTS: z.preprocess(blankAsUnset, z.enum(['true', 'false']).default('false')),
    /** Tests only: lets push notifications go to a push service on loopback and private addresses, over http too. */
    PUSH_ALLOW_PRIVATE_HOSTS: z.preprocess(blankAsUnset, z.enum(['true', 'false'], { error: 'must be true or false' }).default('false')),
    /** Multiplies every rate limit; end-to-end tests raise it, production keeps 1. */
    RATE_LIMIT_SCALE: z.preprocess(blankAsUnset, z.coerce.number().positive().default(1)),
    /** Multiplies the outbox's retry delays; the fault suite shortens them, production keeps 1. */
    OUTBOX_BACKOFF_SCALE: z.preprocess(blankAsUnset, z.coerce.number().positive().max(1).default(1)),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** On SIGTERM, how long to keep accepting and answering before closing (ms). */
    SHUTDOWN_DRAIN_MS: z.preprocess(blankAsUnset, z.coerce.number().int().min(0).max(10_000).optional()),
  })
  .superRefine((env, ctx) => {
    const stripe = env.PAYMENTS === 'stripe' || (env.PAYMENTS === undefined && env.STRIPE_SECRET_KEY);
    if (stripe && !env.STRIPE_SECRET_KEY) ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'is required when PAYMENTS=stripe' });
    if (stripe && !env.STRIPE_PUBLISHABLE_KEY) ctx.addIssue({ code: 'custom', path: ['STRIPE_PUBLISHABLE_KEY'], message: 'is required when Stripe keys are set' });
    // A publishable key alone would silently fall back to demo payments.
    if (!stripe && env.PAYMENTS !== 'demo' && env.STRIPE_PUBLISHABLE_KEY && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'is required when STRIPE_PUBLISHABLE_KEY is set' });
    }
    if (env.NODE_ENV === 'production' && !stripe && env.PAYMENTS !== 'demo') {
      ctx.addIssue({ code: 'custom', path: ['PAYMENTS'], message: 'must be set to demo on purpose to run production without Stripe keys' });
    }
    // Texts are on with all three set and off with none; a partial set is a mistake, not "off".
    const twilio = { TWILIO_ACCOUNT_SID: env.TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN: env.TWILIO_AUTH_TOKEN, TWILIO_FROM: env.TWILIO_FROM };
    const twilioSet = Object.entries(twilio).filter(([, v]) => v);
    if (twilioSet.length > 0 && twilioSet.length < 3) {
      for (const [name, value] of Object.entries(twilio)) {
        if (!value) ctx.addIssue({ code: 'custom', path: [name], message: 'is required: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together, or none of them' });
      }
    }
    if (Boolean(env.RECAPTCHA_SITE_KEY) !== Boolean(env.RECAPTCHA_SECRET_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['RECAPTCHA_SECRET_KEY'], message: 'and RECAPTCHA_SITE_KEY must be set together' });
    }
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicUrl: string;
  /**
   * Fastify's `trustProxy`: false (the socket's address is the client's), the number of proxies
   * in front of the app, or their addresses and ranges.
   */
  trustProxy: false | number | string[];
  businessTz: string;
  businessEmail: string;
  adminEmails: string[];
  payments:
    | { provider: 'demo' }
    | { provider: 'stripe'; secretKey: string; publishableKey: string; webhookSecret?: string; apiBase?: string };
  /** Text messages through Twilio; null when not configured (then no text is ever queued). */
  twilio: { accountSid: string; authToken: string; from: string; apiBase?: string } | null;
  smtpUrl?: string;
  mailFrom: string;
  recaptcha: { siteKey: string; secretKey: string; verifyUrl: string; minScore: number } | null;
  google: { clientId: string; jwksUrl: string } | null;
  calendarFeedToken?: string;
  /** Fetch calendar feeds from loopback and private addresses too (tests only). */
  icsAllowPrivateHosts: boolean;
  /** Send push notifications to loopback and private addresses, and over http (tests only). */
  pushAllowPrivateHosts: boolean;
  rateLimitScale: number;
  /** Multiplies the outbox's retry delays (1 in production). */
  outboxBackoffScale: number;
  logLevel: string;
  /**
   * On SIGTERM, ms during which the server still accepts and answers (with `connection: close`)
   * while /readyz already says 503, so a load balancer moves on before the socket closes.
   */
  shutdownDrainMs: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * TRUST_PROXY as Fastify's `trustProxy`. Fastify ignores a bare hop count (it cannot tell a proxy
 * from a client reaching the app directly), so the count becomes a function trusting the nearest
 * `n` hops: request.ip is then the entry `n` from the right of X-Forwarded-For, the one the
 * outermost proxy wrote. Only right when the app is reachable through the proxies alone.
 */
export function fastifyTrustProxy(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** Parses the environment once; throws a ConfigError naming every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${String(i.path[0] ?? 'environment')} ${i.message}`));
  }
  const e = parsed.data;
  const useStripe = e.PAYMENTS === 'stripe' || (e.PAYMENTS === undefined && Boolean(e.STRIPE_SECRET_KEY));
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY,
    businessTz: e.BUSINESS_TZ,
    businessEmail: e.BUSINESS_EMAIL ?? 'owner@westsideassembly.example',
    adminEmails: e.ADMIN_EMAILS,
    payments: useStripe
      ? {
          provider: 'stripe',
          secretKey: e.STRIPE_SECRET_KEY!,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiBase: e.STRIPE_API_BASE,
        }
      : { provider: 'demo' },
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM, apiBase: e.TWILIO_API_BASE }
        : null,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    recaptcha:
      e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET_KEY
        ? { siteKey: e.RECAPTCHA_SITE_KEY, secretKey: e.RECAPTCHA_SECRET_KEY, verifyUrl: e.RECAPTCHA_VERIFY_URL, minScore: e.RECAPTCHA_MIN_SCORE }
        : null,
    google: e.GOOGLE_CLIENT_ID ? { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL } : null,
    calendarFeedToken: e.CALENDAR_FEED_TOKEN,
    icsAllowPrivateHosts: e.ICS_ALLOW_PRIVATE_HOSTS === 'true',
    pushAllowPrivateHosts: e.PUSH_ALLOW_PRIVATE_HOSTS === 'true',
    rateLimitScale: e.RATE_LIMIT_SCALE,
    outboxBackoffScale: e.OUTBOX_BACKOFF_SCALE,
    logLevel: e.LOG_LEVEL,
    // Production waits for the load balancer to notice. Elsewhere one second: connections the
    // kernel accepted just before the signal are taken from its queue only when the event loop
    // gets to them, which on a busy two-core machine took longer than the 100 ms this once was.
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'production' ? 5_000 : 1_000),
  };
}

/** Reads `.env` from the working directory when present; real environment variables win. */
export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
