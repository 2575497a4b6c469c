import { ApiError } from '../../../lib/api';

/**
 * Complete and On my way pressed with no signal (issue 24): kept on the phone in the order they
 * were pressed and sent when the signal returns. Each one ends sent or plainly refused (the
 * server's words), never dropped in silence.
 */

const KEY = 'agenda-pending-actions';

export type PendingAction =
  | { kind: 'complete'; id: number; jobLabel: string; actualMinutes?: number; pressedAt: number }
  | { kind: 'on-my-way'; id: number; jobLabel: string; pressedAt: number };

export interface ActionOutcome {
  action: PendingAction;
  /** sent; refused by the server (its message); or still waiting (no signal yet). */
  result: 'sent' | 'refused' | 'waiting';
  message: string;
}

function read(): PendingAction[] {
  try {
    const raw = window.localStorage.getItem(KEY);
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(list) ? (list as PendingAction[]).filter((a) => a && (a.kind === 'complete' || a.kind === 'on-my-way') && Number.isInteger(a.id)) : [];
  } catch {
    return [];
  }
}

function write(list: PendingAction[]) {
  window.localStorage.setItem(KEY, JSON.stringify(list));
  window.dispatchEvent(new Event(KEY));
}

export const pendingActions = read;

/** Keeps an action to send later. The same action on the same job is kept once. */
export function queueAction(action: PendingAction) {
  const list = read().filter((a) => !(a.kind === action.kind && a.id === action.id));
  write([...list, action]);
}

/** Calls `listener` whenever the queue changes (this tab or another). */
export function onPendingActionsChange(listener: () => void): () => void {
  const storage = (e: StorageEvent) => e.key === KEY && listener();
  window.addEventListener(KEY, listener);
  window.addEventListener('storage', storage);
  return () => {
    window.removeEventListener(KEY, listener);
    window.removeEventListener('storage', storage);
  };
}

/** A failure with no answer from the server: the signal, not the request. */
export const isNetworkFailure = (err: unknown) => !(err instanceof ApiError) || err.status === 0;

let flushing: Promise<ActionOutcome[]> | null = null;

/**
 * Sends the kept actions in order with `send`. One sent or refused leaves the queue; a network
 * failure stops the flush and leaves it and those after it for the next signal.
 */
export function flushActions(send: (action: PendingAction) => Promise<string>): Promise<ActionOutcome[]> {
  flushing ??= (async () => {
    const outcomes: ActionOutcome[] = [];
    try {
      for (const action of read()) {
        try {
          const message = await send(action);
          outcomes.push({ action, result: 'sent', message });
        } catch (err) {
          if (isNetworkFailure(err)) {
            outcomes.push({ action, result: 'waiting', message: '' });
            break;
          }
          outcomes.push({ action, result: 'refused', message: err instanceof ApiError && err.serverMessage ? err.serverMessage : 'The server refused it.' });
        }
        write(read().filter((a) => !(a.kind === action.kind && a.id === action.id)));
      }
      return outcomes;
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}
