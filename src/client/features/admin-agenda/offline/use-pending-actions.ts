import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import { invalidateUrls } from '../../../lib/invalidate';
import { completeJob } from '../api/complete-api';
import { sendOnMyWay } from '../api/texts-api';
import { flushActions, onPendingActionsChange, pendingActions, type ActionOutcome, type PendingAction } from './pending-actions';

async function send(action: PendingAction): Promise<string> {
  if (action.kind === 'complete') return (await completeJob({ id: action.id, actualMinutes: action.actualMinutes })).message;
  return (await sendOnMyWay(action.id)).message;
}

const actionText = (a: PendingAction) => `${a.kind === 'complete' ? 'Complete' : 'On my way'}, ${a.jobLabel}`;

let snapshot = pendingActions();
let snapshotKey = JSON.stringify(snapshot);
function subscribe(listener: () => void) {
  return onPendingActionsChange(() => {
    const next = pendingActions();
    const key = JSON.stringify(next);
    if (key !== snapshotKey) {
      snapshot = next;
      snapshotKey = key;
    }
    listener();
  });
}
const getSnapshot = () => snapshot;

/**
 * The actions kept on the phone while there was no signal, sent as soon as it returns (and when
 * Today opens with a signal); what the server refused is listed until the owner dismisses it.
 */
export function usePendingActions() {
  const client = useQueryClient();
  const waiting = useSyncExternalStore(subscribe, getSnapshot, () => [] as PendingAction[]);
  const [refused, setRefused] = useState<ActionOutcome[]>([]);

  const flush = useCallback(async () => {
    if (!onlineManager.isOnline() || pendingActions().length === 0) return;
    const outcomes = await flushActions(send);
    const sent = outcomes.filter((o) => o.result === 'sent');
    const no = outcomes.filter((o) => o.result === 'refused');
    if (sent.length) {
      toast({ title: 'Sent', description: sent.map((o) => `${actionText(o.action)}: ${o.message}`).join(' '), variant: 'success' });
      await invalidateUrls(client, '/api/admin/agenda', '/api/admin/bookings', '/api/admin/price-items');
    }
    if (no.length) setRefused((r) => [...r, ...no]);
  }, [client]);

  useEffect(() => {
    void flush();
    return onlineManager.subscribe((online) => {
      if (online) void flush();
    });
  }, [flush]);

  return { waiting, refused, dismissRefused: () => setRefused([]), actionText };
}
