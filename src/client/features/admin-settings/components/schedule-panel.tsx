import { useEffect, useId, useState, type FormEvent } from 'react';
import { CalendarPlus, RefreshCw } from 'lucide-react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api';
import type { CalendarFeed } from '../../../../shared/schemas/calendars';
import type { Settings, SettingsPatch } from '../../../../shared/schemas/settings';
import { useAddCalendar, useAdminSettings, useCalendars, useRemoveCalendar, useSyncCalendar, useUpdateSettings } from '../api/settings-api';
import { shortFeedUrl, syncedInWords } from '../utils/calendar-text';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/admin/panel-states';
import { cardClass, dangerButtonClass, goldButtonClass, outlineButtonClass } from '../../../components/admin/styles';
import { controlClass, inputClass, labelClass } from '../../../components/form-field';

/** "90401, 90291 90402" -> ['90291', '90401', '90402'] (the server checks each is 5 digits). */
export function parseZips(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))].sort();
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

/** The 400's per-field messages, with a ZIP's index (`serviceZips.3`) folded into its field. */
function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || !err.errors) return {};
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(err.errors)) {
    const field = path.split('.')[0]!;
    out[field] ??= message;
  }
  return out;
}

function SettingsForm({ settings }: { settings: Settings }) {
  const id = useId();
  const [buffer, setBuffer] = useState(String(settings.travelBufferMinutes));
  const [crews, setCrews] = useState(String(settings.crews));
  const [zips, setZips] = useState(settings.serviceZips.join('\n'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateSettings();

  function submit(event: FormEvent) {
    event.preventDefault();
    // Numbers as typed: the server names a bad one under its field.
    const patch: SettingsPatch = {
      travelBufferMinutes: buffer.trim() === '' ? Number.NaN : Number(buffer),
      crews: crews.trim() === '' ? Number.NaN : Number(crews),
      serviceZips: parseZips(zips),
    };
    // JSON has no NaN: send a string so the server answers with its own sentence.
    const body = Object.fromEntries(Object.entries(patch).map(([k, v]) => [k, typeof v === 'number' && Number.isNaN(v) ? '' : v])) as SettingsPatch;
    setErrors({});
    update.mutate(body, {
      onSuccess: (saved) => {
        setBuffer(String(saved.travelBufferMinutes));
        setCrews(String(saved.crews));
        setZips(saved.serviceZips.join('\n'));
        toast({ title: 'Schedule Saved', description: 'New bookings use these settings from now on.', variant: 'success' });
      },
      onError: (err) => {
        setErrors(fieldErrors(err));
        toast({ title: 'Not Saved', description: errorMessage(err, 'Could not save the settings. Please try again.'), variant: 'destructive' });
      },
    });
  }

  const describedBy = (field: string, hint?: string) => [hint, errors[field] ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <form onSubmit={submit} noValidate className={`${cardClass} space-y-4 p-4 sm:p-6`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold text-ink-950">
        Jobs and service area
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-buffer`} className={labelClass}>
            Travel buffer (minutes)
          </label>
          <input
            id={`${id}-buffer`}
            type="number"
            inputMode="numeric"
            min={0}
            max={240}
            className={controlClass}
            value={buffer}
            onChange={(e) => setBuffer(e.target.value)}
            aria-invalid={errors.travelBufferMinutes ? true : undefined}
            aria-describedby={describedBy('travelBufferMinutes', `${id}-buffer-hint`)}
          />
          <p id={`${id}-buffer-hint`} className="mt-1 text-sm text-neutral-600">
            Kept free before and after each job to drive to the next.
          </p>
          <FieldError id={`${id}-travelBufferMinutes-error`} message={errors.travelBufferMinutes} />
        </div>
        <div>
          <label htmlFor={`${id}-crews`} className={labelClass}>
            Crews
          </label>
          <input
            id={`${id}-crews`}
            type="number"
            inputMode="numeric"
            min={1}
            max={20}
            className={controlClass}
            value={crews}
            onChange={(e) => setCrews(e.target.value)}
            aria-invalid={errors.crews ? true : undefined}
            aria-describedby={describedBy('crews', `${id}-crews-hint`)}
          />
          <p id={`${id}-crews-hint`} className="mt-1 text-sm text-neutral-600">
            How many jobs can run at the same time.
          </p>
          <FieldError id={`${id}-crews-error`} message={errors.crews} />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-zips`} className={labelClass}>
          Service ZIP codes
        </label>
        <textarea
          id={`${id}-zips`}
          rows={6}
          className={`${inputClass} font-mono`}
          value={zips}
          onChange={(e) => setZips(e.target.value)}
          onBlur={() => setZips(parseZips(zips).join('\n'))}
          aria-invalid={errors.serviceZips ? true : undefined}
          aria-describedby={describedBy('serviceZips', `${id}-zips-hint`)}
        />
        <p id={`${id}-zips-hint`} className="mt-1 text-sm text-neutral-600">
          One per line or separated by commas. Addresses with another ZIP code are turned away; an address without one is booked and marked &ldquo;area
          not checked&rdquo;.
        </p>
        <FieldError id={`${id}-serviceZips-error`} message={errors.serviceZips} />
      </div>
      <div className="flex justify-end">
        <button type="submit" className={`${goldButtonClass} w-full sm:w-auto`} disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save schedule settings'}
        </button>
      </div>
    </form>
  );
}

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

function eventsLabel(count: number): string {
  return count === 1 ? '1 busy time' : `${count} busy times`;
}

function AddCalendarForm() {
  const id = useId();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<CalendarFeed | null>(null);
  const add = useAddCalendar();

  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setResult(null);
    add.mutate(
      { name, url },
      {
        onSuccess: (feed) => {
          setResult(feed);
          setName('');
          setUrl('');
          if (feed.lastError) toast({ title: 'Calendar Added, Not Synced', description: feed.lastError, variant: 'destructive' });
          else toast({ title: 'Calendar Added', description: `${feed.name}: ${eventsLabel(feed.eventCount)}.`, variant: 'success' });
        },
        onError: (err) => {
          const fields = fieldErrors(err);
          setErrors(Object.keys(fields).length ? fields : { url: errorMessage(err, 'Could not add the calendar. Please try again.') });
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3 border-t border-neutral-200 p-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold text-ink-950">
        Add calendar
      </h3>
      <div className="grid gap-3 sm:grid-cols-[14rem_1fr]">
        <div>
          <label htmlFor={`${id}-name`} className={labelClass}>
            Name
          </label>
          <input
            id={`${id}-name`}
            className={controlClass}
            value={name}
            placeholder="My calendar"
            onChange={(e) => setName(e.target.value)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
          />
          <FieldError id={`${id}-name-error`} message={errors.name} />
        </div>
        <div>
          <label htmlFor={`${id}-url`} className={labelClass}>
            Secret iCal address
          </label>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            autoComplete="off"
            className={controlClass}
            value={url}
            placeholder="https://..."
            onChange={(e) => setUrl(e.target.value)}
            aria-invalid={errors.url ? true : undefined}
            aria-describedby={errors.url ? `${id}-url-error` : undefined}
          />
          <FieldError id={`${id}-url-error`} message={errors.url} />
        </div>
      </div>
      <button type="submit" className={`${goldButtonClass} w-full sm:w-auto`} disabled={add.isPending}>
        <CalendarPlus className="h-4 w-4" aria-hidden="true" />
        {add.isPending ? 'Adding...' : 'Add calendar'}
      </button>
      <div aria-live="polite">
        {result &&
          (result.lastError ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              {result.name} was added, but the first fetch failed: {result.lastError} It will be tried again every 10 minutes.
            </p>
          ) : (
            <p className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm font-medium text-green-900">
              {result.name} was added: {eventsLabel(result.eventCount)} now block the schedule.
            </p>
          ))}
      </div>
    </form>
  );
}

function CalendarsSection() {
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

/** The owner's schedule: travel buffer, crews, service ZIP codes and the calendars that block times. */
export function SchedulePanel() {
  const settings = useAdminSettings();
  return (
    <div className="space-y-4">
      {settings.isPending ? (
        <PanelLoading label="Loading settings..." />
      ) : settings.isError ? (
        <PanelError error={settings.error} fallback="Could not load the settings. Please reload the page." />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
      <CalendarsSection />
    </div>
  );
}
