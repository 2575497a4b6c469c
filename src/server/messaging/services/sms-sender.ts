import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type { Config } from '../../config';

/** One text message; `to` and `from` in E.164 form (+13105550100). */
export interface OutgoingText {
  to: string;
  from: string;
  body: string;
}

export interface SmsSender {
  /** Hands the text to the provider; resolves with the provider's message id. */
  send(text: OutgoingText): Promise<{ id: string }>;
}

/**
 * The provider refused this message for good (a 400: a number it cannot text, a body it will not
 * send): trying again would only be refused again.
 */
export function isPermanentSmsError(err: unknown): boolean {
  return err instanceof twilio.RestException && err.status === 400;
}

/**
 * The SDK's own HTTP client with every request sent to `apiBase` instead of api.twilio.com: the
 * SDK has no base-URL option (only Twilio's edges and regions), and tests point it at a local fake.
 */
function redirectingClient(apiBase: string, timeoutMs: number): twilio.RequestClient {
  const base = new URL(apiBase);
  class Redirecting extends twilio.RequestClient {
    override request<TData>(opts: RequestClient.RequestOptions<TData>) {
      const uri = new URL(opts.uri);
      uri.protocol = base.protocol;
      uri.host = base.host;
      return super.request<TData>({ ...opts, uri: uri.href });
    }
  }
  return new Redirecting({ timeout: timeoutMs });
}

const TIMEOUT_MS = 15_000;

/** Twilio's Messages API through the official SDK; null when texts are not configured. */
export function createSmsSender(config: Pick<Config, 'twilio'>): SmsSender | null {
  const settings = config.twilio;
  if (!settings) return null;
  const client = twilio(settings.accountSid, settings.authToken, {
    timeout: TIMEOUT_MS,
    ...(settings.apiBase ? { httpClient: redirectingClient(settings.apiBase, TIMEOUT_MS) } : {}),
  });
  return {
    async send({ to, from, body }) {
      const message = await client.messages.create({ to, from, body });
      return { id: message.sid };
    },
  };
}
