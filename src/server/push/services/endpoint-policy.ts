import { isIP } from 'node:net';
import { isPrivateAddress } from '../../calendars';

/**
 * Which push endpoints the server posts to. The address comes from a browser (the owner's, but
 * sent over the API), so like a calendar feed it must not turn the server into a probe of this
 * machine or its network: https only, and no loopback or private address, unless
 * PUSH_ALLOW_PRIVATE_HOSTS=true (tests with a local push service, reached over plain http).
 * A host name is checked again at send time against every address it resolves to.
 */
export const PUSH_HTTPS_MESSAGE = 'The push service’s address must start with https://.';
export const PUSH_PRIVATE_MESSAGE = 'The push service’s address points into a private network, which the server does not send to.';
export const PUSH_CREDENTIALS_MESSAGE = 'The push service’s address must not hold a user name or password.';

/** Why the endpoint is refused, in words for the owner; null when the server may post to it. */
export function endpointProblem(endpoint: string, allowPrivateHosts: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PUSH_HTTPS_MESSAGE;
  }
  if (url.username || url.password) return PUSH_CREDENTIALS_MESSAGE;
  if (allowPrivateHosts) return url.protocol === 'https:' || url.protocol === 'http:' ? null : PUSH_HTTPS_MESSAGE;
  if (url.protocol !== 'https:') return PUSH_HTTPS_MESSAGE;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) ? isPrivateAddress(host) : /(^|\.)localhost\.?$/i.test(host) || !host.includes('.')) return PUSH_PRIVATE_MESSAGE;
  return null;
}
