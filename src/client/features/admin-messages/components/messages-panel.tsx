import { Mail } from 'lucide-react';
import { useContactSubmissions } from '../api/messages-api';
import { formatInstant } from '../../../lib/admin-format';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/admin/panel-states';
import { cardClass } from '../../../components/admin/styles';

/** Messages sent through the contact form, newest first. */
export function MessagesPanel() {
  const messages = useContactSubmissions();
  if (messages.isPending) return <PanelLoading label="Loading messages..." />;
  if (messages.isError) return <PanelError error={messages.error} fallback="Could not load messages. Please reload the page." />;
  const list = messages.data?.submissions ?? [];
  if (list.length === 0) return <PanelEmpty>No messages yet.</PanelEmpty>;

  return (
    <ul className="space-y-3">
      {list.map((m) => (
        <li key={m.id}>
          <article className={`${cardClass} p-4 sm:p-5`} aria-labelledby={`message-${m.id}`}>
            <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between">
              <h2 id={`message-${m.id}`} className="font-semibold text-ink-950">
                {m.subject}
              </h2>
              <p className="text-sm text-neutral-600">
                <time dateTime={m.createdAt}>{formatInstant(m.createdAt)}</time>
              </p>
            </div>
            <p className="mt-1 text-sm text-neutral-700">
              From {m.fullName} ·{' '}
              <a className="inline-flex items-center gap-1 font-medium text-gold-800 underline underline-offset-2" href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}>
                <Mail className="h-3.5 w-3.5" aria-hidden="true" />
                {m.email}
              </a>
            </p>
            <p className="mt-3 whitespace-pre-wrap break-words text-neutral-900">{m.message}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}
