import { useEffect, useId, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/admin/panel-states';
import { cardClass, dangerButtonClass, outlineButtonClass } from '../../../components/admin/styles';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import type { CalendarFeed } from '../../../../shared/schemas/calendars';
import { useCalendars, useRemoveCalendar, useSyncCalendar } from '../api/settings-api';
import { eventsLabel, shortFeedUrl, syncedInWords } from '../utils/calendar-text';
import { AddCalendarForm } from './add-calendar-form';

function CalendarItem({ feed }: { feed: CalendarFeed }) {
  const sync = useSyncCalendar();
  const remove = useRemoveCalendar();
  const busy = sync.isPending || remove.isPending;

  function runSync() {
    sync.mutate(feed.id, {
      onSuccess: (result) =>
        result.lastError
          ? toast({ title: 'Sync Failed', description: result.lastError, variant: 'destructive' })
          : toast({ title: 'Calendar Synced', description: `${feed.name}: ${eventsLabel(result.eventCount)}.`, variant: 'success' }),
      onError: (err) => toast({ title: 'Sync Failed', description: errorMessage(err, 'Could not sync the calendar. Please try again.'), variant: 'destructive' }),
    });
  }

  function runRemove() {
    // mutateAsync, not mutate's callbacks: the refreshed list drops this item, and an unmounted
    // component's mutate callbacks never run, so the toast would depend on which came first.
    remove.mutateAsync(feed.id).then(
      () => toast({ title: 'Calendar Removed', description: `${feed.name} no longer blocks the schedule.`, variant: 'success' }),
      (err: unknown) => toast({ title: 'Remove Failed', description: errorMessage(err, 'Could not remove the calendar. Please try again.'), variant: 'destructive' }),
    );
  }

  return (
    <li className="space-y-2 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 className="font-semibold text-ink-950">{feed.name}</h3>
        <span className="break-all font-mono text-sm text-neutral-700" title="The full address is secret and not shown">
          {shortFeedUrl(feed.url)}
        </span>
      </div>
      <p className="text-sm text-neutral-700">
        {syncedInWords(feed.lastSyncedAt)} · {eventsLabel(feed.eventCount)}
      </p>
      {feed.lastError && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          Last try failed: {feed.lastError}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" className={outlineButtonClass} disabled={busy} onClick={runSync}>
          <RefreshCw className={`h-4 w-4 ${sync.isPending ? 'animate-spin' : ''}`} aria-hidden="true" />
          {sync.isPending ? 'Syncing...' : 'Sync now'}
          <span className="sr-only"> {feed.name}</span>
        </button>
        <ConfirmDialog
          trigger={
            <button type="button" className={dangerButtonClass} disabled={busy}>
              Remove<span className="sr-only"> {feed.name}</span>
            </button>
          }
          title={`Remove ${feed.name}?`}
          cancelLabel="No, keep it"
          confirmLabel="Yes, remove calendar"
          onConfirm={runRemove}
        >
          <p>Its busy times will stop blocking the schedule. You can add the address again later.</p>
        </ConfirmDialog>
      </div>
    </li>
  );
}

/** The calendars whose busy times close the schedule, how to find their addresses, and a form to add one. */
export function CalendarsSection() {
  const id = useId();
  const calendars = useCalendars();
  // Re-render each minute so "Synced 3 minutes ago" stays true.
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);

  return (
    <section className={cardClass} aria-labelledby={`${id}-title`}>
      <div className="space-y-2 p-4 sm:p-6">
        <h2 id={`${id}-title`} className="text-lg font-bold text-ink-950">
          Calendars
        </h2>
        <p className="text-sm text-neutral-700">Busy times in these calendars are closed to customers. Each is fetched again every 10 minutes.</p>
        <ul className="list-disc space-y-1 pl-5 text-sm text-neutral-700">
          <li>
            <span className="font-semibold">Google Calendar:</span> Settings, your calendar, Integrate calendar, &ldquo;Secret address in iCal
            format&rdquo;.
          </li>
          <li>
            <span className="font-semibold">Apple iCloud:</span> Calendar app, share the calendar as a Public Calendar and copy its webcal:// link
            (change webcal to https).
          </li>
          <li>
            <span className="font-semibold">Outlook:</span> Settings, Calendar, Shared calendars, Publish a calendar, copy the ICS link.
          </li>
        </ul>
      </div>
      {calendars.isPending ? (
        <PanelLoading label="Loading calendars..." />
      ) : calendars.isError ? (
        <div className="px-4 pb-4">
          <PanelError error={calendars.error} fallback="Could not load the calendars. Please reload the page." />
        </div>
      ) : calendars.data.length === 0 ? (
        <div className="px-4 pb-4">
          <PanelEmpty>No calendars yet.</PanelEmpty>
        </div>
      ) : (
        <ul className="divide-y divide-neutral-200 border-t border-neutral-200" aria-label="Calendars">
          {calendars.data.map((feed) => (
            <CalendarItem key={feed.id} feed={feed} />
          ))}
        </ul>
      )}
      <AddCalendarForm />
    </section>
  );
}
