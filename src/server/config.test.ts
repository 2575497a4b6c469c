import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** The ConfigError thrown for `env`, or a failure when the config loads. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('gives working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      isProduction: false,
      port: 5000,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:5000',
      businessTz: 'America/Los_Angeles',
      adminEmails: [],
      payments: { provider: 'demo' },
      smtpUrl: undefined,
      recaptcha: null,
      google: null,
      rateLimitScale: 1,
      outboxBackoffScale: 1,
      logLevel: 'info',
    });
    expect(config.mailFrom).toContain('@');
  });

  it('treats blank variables as unset and trims values', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '  ', PUBLIC_URL: 'https://example.com/', ADMIN_EMAILS: ' Owner@Example.com , b@example.com,' });
    expect(config.port).toBe(5000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('https://example.com');
    expect(config.adminEmails).toEqual(['owner@example.com', 'b@example.com']);
  });

  it('derives PUBLIC_URL from PORT when unset', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['BUSINESS_TZ', 'Mars/Olympus_Mons'],
    ['DATABASE_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://root@localhost/site'],
    ['SMTP_URL', 'mail.example.com'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['ADMIN_EMAILS', 'owner@example.com, not-an-email'],
    ['PUBLIC_URL', 'example.com'],
    ['PAYMENTS', 'paypal'],
    ['LOG_LEVEL', 'loud'],
  ])('refuses a bad %s (%s) with a ConfigError naming it', (name, value) => {
    const err = configError({ [name]: value });
    expect(err.problems).toHaveLength(1);
    expect(err.problems[0].startsWith(`${name} `)).toBe(true);
    expect(err.message).toContain(name);
  });

  it('explains what a valid value looks like', () => {
    expect(configError({ BUSINESS_TZ: 'Nowhere' }).problems).toEqual(['BUSINESS_TZ must be an IANA time zone such as America/Los_Angeles']);
    expect(configError({ DATABASE_URL: 'mysql://x' }).problems[0]).toMatch(/^DATABASE_URL must be a postgres:\/\/ URL/);
  });

  it('accepts postgres:// and postgresql:// URLs and smtp(s):// URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/site' }).databaseUrl).toBe('postgres://u:p@db:5432/site');
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/site' }).databaseUrl).toBe('postgresql://db/site');
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@smtp.example.com:465' }).smtpUrl).toBe('smtps://u:p@smtp.example.com:465');
  });

  it('names every bad variable at once', () => {
    const err = configError({ PORT: 'x', BUSINESS_TZ: 'y', SMTP_URL: 'z' });
    expect(err.problems.map((p) => p.split(' ')[0]).sort()).toEqual(['BUSINESS_TZ', 'PORT', 'SMTP_URL']);
  });

  describe('payments', () => {
    const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_placeholder', STRIPE_PUBLISHABLE_KEY: 'pk_test_placeholder' };

    it('uses Stripe when both keys are set', () => {
      expect(loadConfig({ ...stripeKeys, STRIPE_WEBHOOK_SECRET: 'whsec_placeholder' }).payments).toEqual({
        provider: 'stripe',
        secretKey: 'sk_test_placeholder',
        publishableKey: 'pk_test_placeholder',
        webhookSecret: 'whsec_placeholder',
        apiBase: undefined,
      });
    });

    it('refuses production without Stripe keys unless PAYMENTS=demo', () => {
      expect(configError({ NODE_ENV: 'production' }).problems[0]).toMatch(/^PAYMENTS /);
      expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'demo' }).payments.provider).toBe('demo');
      const prod = loadConfig({ NODE_ENV: 'production', ...stripeKeys });
      expect(prod.isProduction).toBe(true);
      expect(prod.payments.provider).toBe('stripe');
    });

    it('refuses half-set Stripe keys', () => {
      expect(configError({ STRIPE_SECRET_KEY: 'sk_test_placeholder' }).problems).toEqual(['STRIPE_PUBLISHABLE_KEY is required when Stripe keys are set']);
      expect(configError({ STRIPE_PUBLISHABLE_KEY: 'pk_test_placeholder' }).problems[0]).toMatch(/^STRIPE_SECRET_KEY /);
      expect(configError({ PAYMENTS: 'stripe' }).problems.map((p) => p.split(' ')[0]).sort()).toEqual(['STRIPE_PUBLISHABLE_KEY', 'STRIPE_SECRET_KEY']);
    });

    it('lets PAYMENTS=demo override configured keys', () => {
      expect(loadConfig({ ...stripeKeys, PAYMENTS: 'demo' }).payments).toEqual({ provider: 'demo' });
    });
  });

  it('needs both reCAPTCHA keys or neither', () => {
    expect(configError({ RECAPTCHA_SITE_KEY: 'site' }).problems[0]).toMatch(/^RECAPTCHA_SECRET_KEY .*RECAPTCHA_SITE_KEY/);
    expect(configError({ RECAPTCHA_SECRET_KEY: 'secret' }).problems[0]).toMatch(/^RECAPTCHA_SECRET_KEY /);
    const config = loadConfig({ RECAPTCHA_SITE_KEY: 'site', RECAPTCHA_SECRET_KEY: 'secret' });
    expect(config.recaptcha).toMatchObject({ siteKey: 'site', secretKey: 'secret', minScore: 0.5 });
  });

  it('turns Google sign-in on with a client id', () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com' }).google?.clientId).toBe('abc.apps.googleusercontent.com');
  });

  describe('TRUST_PROXY', () => {
    const production = { NODE_ENV: 'production', PAYMENTS: 'demo' };

    it('trusts no X-Forwarded-For by default, in production too', () => {
      expect(loadConfig({}).trustProxy).toBe(false);
      expect(loadConfig(production).trustProxy).toBe(false);
      expect(loadConfig({ ...production, TRUST_PROXY: ' ' }).trustProxy).toBe(false);
      expect(loadConfig({ ...production, TRUST_PROXY: '0' }).trustProxy).toBe(false);
      expect(loadConfig({ ...production, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    });

    it('takes a hop count', () => {
      expect(loadConfig({ ...production, TRUST_PROXY: '1' }).trustProxy).toBe(1);
      expect(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
    });

    it("takes the proxies' addresses: IPs and CIDR ranges, v4 and v6", () => {
      expect(loadConfig({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
      expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8 , 192.168.1.7,::1, fd00::/8,' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8']);
    });

    it.each(['true', 'TRUE', '*', 'all'])('refuses %s: it would let any client choose its own address', (value) => {
      expect(configError({ TRUST_PROXY: value }).problems).toEqual([
        `TRUST_PROXY must not trust every client ("${value}"): any visitor could then choose the address every per-address limit counts. Set the number of proxies in front of the app (such as 1) or their addresses (such as 10.0.0.5 or 10.0.0.0/8)`,
      ]);
    });

    it.each(['-1', '1.5', '101', 'proxy.example.com', '10.0.0.256', '10.0.0.0/33', 'fd00::/129', '10.0.0.1, nope', '1, 10.0.0.1'])('refuses %s with what a good value looks like', (value) => {
      expect(configError({ TRUST_PROXY: value }).problems).toEqual([
        'TRUST_PROXY must be the number of proxies in front of the app (such as 1) or a comma-separated list of their addresses (such as 10.0.0.5 or 10.0.0.0/8)',
      ]);
    });
  });
});
