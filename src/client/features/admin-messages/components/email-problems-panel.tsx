import { useId, useState } from 'react';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { useEmailProblems, useRetryEmail } from '../api/messages-api';
import { formatInstant } from '../../../lib/admin-format';
import { PanelStates } from '../../../components/admin/panel-states';
import { StatusBadge } from '../../../components/status-badge';
import { cardClass, outlineButtonClass } from '../../../components/admin/styles';
import { controlClass, labelClass } from '../../../components/form-field';

/** Emails that are still waiting to go out or that the mail server refused. */
export function EmailProblemsPanel() {
  const id = useId();
  const [status, setStatus] = useState<'' | 'failed' | 'pending'>('');
  const emails = useEmailProblems(status);
  const retry = useRetryEmail();
  const list = emails.data?.emails ?? [];

  function sendAgain(emailId: number) {
    retry.mutate(emailId, {
      onSuccess: (r) => toast({ title: 'Email Queued', description: r.message, variant: 'success' }),
      onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Could not queue the email again.'), variant: 'destructive' }),
    });
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-neutral-700">
        Emails are retried automatically for a while. Failed ones were given up on: check the address, then send them again.
      </p>
      <div className="max-w-xs">
        <label htmlFor={`${id}-status`} className={labelClass}>
          Show
        </label>
        <select id={`${id}-status`} className={controlClass} value={status} onChange={(e) => setStatus(e.target.value as '' | 'failed' | 'pending')}>
          <option value="">Failed and waiting</option>
          <option value="failed">Failed only</option>
          <option value="pending">Waiting to send only</option>
        </select>
      </div>
      <PanelStates query={emails} loading="Loading emails..." failed="Could not load emails. Please reload the page." isEmpty={list.length === 0} empty="No email problems. Every email has been sent.">
        <ul className="space-y-3">
          {list.map((e) => (
            <li key={e.id} className={`${cardClass} space-y-2 p-4`}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="font-semibold break-words text-ink-950">{e.subject}</h2>
                <StatusBadge status={e.status === 'pending' ? 'waiting' : e.status} />
              </div>
              <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="font-semibold text-neutral-900">To</dt>
                <dd className="break-all text-neutral-700">{e.to}</dd>
                <dt className="font-semibold text-neutral-900">Queued</dt>
                <dd className="text-neutral-700">{formatInstant(e.createdAt)}</dd>
                <dt className="font-semibold text-neutral-900">Attempts</dt>
                <dd className="text-neutral-700">
                  {e.attempts}
                  {e.status === 'pending' ? ` · next try ${formatInstant(e.nextAttemptAt)}` : ''}
                </dd>
                {e.lastError && (
                  <>
                    <dt className="font-semibold text-neutral-900">Last error</dt>
                    <dd className="break-words text-red-800">{e.lastError}</dd>
                  </>
                )}
              </dl>
              {e.status === 'failed' && (
                <button type="button" className={outlineButtonClass} disabled={retry.isPending} onClick={() => sendAgain(e.id)}>
                  Send again<span className="sr-only">: {e.subject}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      </PanelStates>
    </div>
  );
}
