export type RedirectStatus = 'succeeded' | 'failed' | 'processing';

/** The payment provider's `redirect_status`; anything unknown reads as still processing. */
export function parseRedirectStatus(value: string | null): RedirectStatus {
  return value === 'succeeded' || value === 'failed' ? value : 'processing';
}
