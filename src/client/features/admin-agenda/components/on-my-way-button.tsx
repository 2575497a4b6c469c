import { Send } from 'lucide-react';
import type { AgendaJob } from '../../../../shared/schemas/admin-agenda';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { onlineManager } from '@tanstack/react-query';
import { useSendOnMyWay } from '../api/texts-api';
import { isNetworkFailure, queueAction } from '../offline/pending-actions';
import { goldButtonClass } from '../../../components/admin/styles';

/** Texts the job's customer that the crew is on its way; shown when the agenda says it can be sent. */
export function OnMyWayButton({ job }: { job: AgendaJob }) {
  const send = useSendOnMyWay();
  return (
    <button
      type="button"
      className={goldButtonClass}
      disabled={send.isPending}
      aria-busy={send.isPending}
      aria-label={`On my way: text ${job.customerName}`}
      onClick={() => {
        // No signal: kept on the phone and sent when it returns (Today lists it meanwhile).
        const keepForLater = () => {
          queueAction({ kind: 'on-my-way', id: job.id, jobLabel: `job #${job.id}`, pressedAt: Date.now() });
          toast({ title: 'Saved on This Phone', description: `No signal: ${job.customerName} will be texted when the signal returns.` });
        };
        if (!onlineManager.isOnline()) return keepForLater();
        send.mutate(job.id, {
          onSuccess: (result) => toast({ title: 'On my way sent', description: result.message, variant: 'success' }),
          onError: (err) => (isNetworkFailure(err) ? keepForLater() : toast({ title: 'Text not sent', description: errorMessage(err, 'Could not send the text. Please try again.'), variant: 'destructive' })),
        });
      }}
    >
      <Send className="h-4 w-4" aria-hidden="true" />
      On my way
    </button>
  );
}
