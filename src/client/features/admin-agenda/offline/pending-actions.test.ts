import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { flushActions, pendingActions, queueAction, type PendingAction } from './pending-actions';

/** A window with a localStorage of its own (the client tests run in Node). */
function freshWindow() {
  const items = new Map<string, string>();
  const localStorage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
  (globalThis as { window?: unknown }).window = Object.assign(new EventTarget(), { localStorage });
}

const complete = (id: number): PendingAction => ({ kind: 'complete', id, jobLabel: `job #${id}`, actualMinutes: 90, pressedAt: id });
const refusal = new ApiError(409, JSON.stringify({ message: 'Booking #2 is cancelled.', code: 'INVALID_STATUS' }), 'Conflict');

describe('actions pressed with no signal', () => {
  beforeEach(freshWindow);

  it('are kept in the order pressed, one per job and kind', () => {
    queueAction(complete(1));
    queueAction({ kind: 'on-my-way', id: 1, jobLabel: 'job #1', pressedAt: 5 });
    queueAction(complete(2));
    queueAction(complete(1));
    expect(pendingActions().map((a) => `${a.kind} ${a.id}`)).toEqual(['on-my-way 1', 'complete 2', 'complete 1']);
  });

  it('are sent in order; a refusal leaves the queue with the server’s words; no signal stops the run and keeps the rest', async () => {
    for (const id of [1, 2, 3, 4]) queueAction(complete(id));
    const sent: number[] = [];
    const outcomes = await flushActions(async (a) => {
      if (a.id === 2) throw refusal;
      if (a.id === 3) throw new TypeError('Failed to fetch');
      sent.push(a.id);
      return `Booking #${a.id} is marked completed.`;
    });
    expect(sent).toEqual([1]);
    expect(outcomes.map((o) => [o.action.id, o.result, o.message])).toEqual([
      [1, 'sent', 'Booking #1 is marked completed.'],
      [2, 'refused', 'Booking #2 is cancelled.'],
      [3, 'waiting', ''],
    ]);
    expect(pendingActions().map((a) => a.id)).toEqual([3, 4]);

    // The signal back: the rest go, once.
    const again = await flushActions(async (a) => `Booking #${a.id} is marked completed.`);
    expect(again.map((o) => [o.action.id, o.result])).toEqual([
      [3, 'sent'],
      [4, 'sent'],
    ]);
    expect(pendingActions()).toEqual([]);
  });

  it('are sent once when two runs start together', async () => {
    queueAction(complete(7));
    let calls = 0;
    const send = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 5));
      return 'ok';
    };
    await Promise.all([flushActions(send), flushActions(send)]);
    expect(calls).toBe(1);
  });
});
