import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import webpush from 'web-push';
import { checkedLookup } from '../../calendars';
import { endpointProblem } from './endpoint-policy';

/** How long a push service may take to answer. */
export const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a device that is off (seconds): a day. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/** What the push service answered: its status, or why no answer came. */
export type PushAnswer = { status: number } | { error: string };

/**
 * Encrypts `payload` for the device (aes128gcm, RFC 8291) and signs the request with the VAPID
 * keys (RFC 8292) through web-push's generateRequestDetails, then posts it ourselves: web-push's
 * own sendNotification always speaks TLS, and the tests' push service is plain http. The
 * connection goes to the address the checked lookup approved, so a second DNS answer cannot
 * point it into the private network.
 */
export function deliverPush(target: PushTarget, payload: string, vapid: VapidDetails, opts: { allowPrivateHosts: boolean; timeoutMs?: number }): Promise<PushAnswer> {
  const problem = endpointProblem(target.endpoint, opts.allowPrivateHosts);
  if (problem) return Promise.resolve({ error: problem });
  const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
    vapidDetails: vapid,
    TTL: PUSH_TTL_SECONDS,
    urgency: 'high',
  });
  const url = new URL(details.endpoint);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
  return new Promise<PushAnswer>((resolve) => {
    const req = request(
      url,
      { method: 'POST', headers, lookup: checkedLookup(opts.allowPrivateHosts, 'The push service’s address points into a private network.') as never, signal: AbortSignal.timeout(opts.timeoutMs ?? PUSH_TIMEOUT_MS) },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', (err) => resolve({ error: err.message }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      const reason = err.name === 'AbortError' || err.name === 'TimeoutError' ? `no answer within ${Math.round((opts.timeoutMs ?? PUSH_TIMEOUT_MS) / 1000)} seconds` : (err.code ?? err.message);
      resolve({ error: `The push service could not be reached (${reason}).` });
    });
    req.end(details.body ?? undefined);
  });
}
