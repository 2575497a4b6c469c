/**
 * Delay before retry number `attempt` (1-based) of an outbox row or a push event: 30 s, 1 min,
 * 2 min, ... capped at 1 hour, times `scale` (OUTBOX_BACKOFF_SCALE: 1 in production, small in the
 * fault suite).
 */
export function retryDelayMs(attempt: number, scale = 1): number {
  return Math.min(30_000 * 2 ** (attempt - 1), 60 * 60_000) * scale;
}
