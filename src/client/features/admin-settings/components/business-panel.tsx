import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { CalendarX, X } from 'lucide-react';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api';
import { WEEKDAY_KEYS, type Settings, type SettingsPatch, type WeekdayKey } from '../../../../shared/schemas/settings';
import { useAdminSettings, useUpdateSettings } from '../api/settings-api';
import { businessToday, formatBookingDate } from '../../../lib/admin-format';
import { PanelError, PanelLoading } from '../../../components/admin/panel-states';
import { cardClass, goldButtonClass, outlineButtonClass } from '../../../components/admin/styles';
import { controlClass, labelClass } from '../../../components/form-field';

const WEEKDAY_NAMES: Record<WeekdayKey, string> = { '0': 'Sunday', '1': 'Monday', '2': 'Tuesday', '3': 'Wednesday', '4': 'Thursday', '5': 'Friday', '6': 'Saturday' };
/** Monday first, as the owner's week runs. */
const WEEK_ORDER: WeekdayKey[] = ['1', '2', '3', '4', '5', '6', '0'];

/** The 400's per-field messages by their full path (`business.phone`, `hours.2.close`, `closedDates.0`). */
function fieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError && err.errors ? err.errors : {};
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

function Section({ title, description, children, onSubmit }: { title: string; description?: string; children: ReactNode; onSubmit?: (e: FormEvent) => void }) {
  const id = useId();
  const body = (
    <>
      <div className="space-y-1">
        <h2 id={`${id}-title`} className="text-lg font-bold text-ink-950">
          {title}
        </h2>
        {description && <p className="text-sm text-neutral-700">{description}</p>}
      </div>
      {children}
    </>
  );
  const className = `${cardClass} space-y-4 p-4 sm:p-6`;
  return onSubmit ? (
    <form onSubmit={onSubmit} noValidate className={className} aria-labelledby={`${id}-title`}>
      {body}
    </form>
  ) : (
    <section className={className} aria-labelledby={`${id}-title`}>
      {body}
    </section>
  );
}

function SaveButton({ pending, label }: { pending: boolean; label: string }) {
  return (
    <div className="flex justify-end">
      <button type="submit" className={`${goldButtonClass} w-full sm:w-auto`} disabled={pending}>
        {pending ? 'Saving...' : label}
      </button>
    </div>
  );
}

/** A text input with its label, hint and the server's message for `field`. */
function TextField(props: {
  field: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors: Record<string, string>;
  type?: 'text' | 'tel' | 'email' | 'url';
  autoComplete?: string;
  hint?: string;
  placeholder?: string;
}) {
  const id = useId();
  const error = props.errors[props.field];
  const describedBy = [props.hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {props.label}
      </label>
      <input
        id={id}
        type={props.type ?? 'text'}
        inputMode={props.type === 'tel' ? 'tel' : props.type === 'url' ? 'url' : props.type === 'email' ? 'email' : undefined}
        autoComplete={props.autoComplete ?? 'off'}
        placeholder={props.placeholder}
        className={controlClass}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {props.hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-neutral-600">
          {props.hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

type Business = Settings['business'];
const SOCIAL: { key: keyof Business['social']; label: string }[] = [
  { key: 'facebook', label: 'Facebook page' },
  { key: 'instagram', label: 'Instagram profile' },
  { key: 'yelp', label: 'Yelp page' },
  { key: 'google', label: 'Google Business profile' },
];

function BusinessForm({ initial }: { initial: Business }) {
  const [business, setBusiness] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateSettings();
  const set = (key: Exclude<keyof Business, 'social'>) => (value: string) => setBusiness((b) => ({ ...b, [key]: value }));
  const setSocial = (key: keyof Business['social']) => (value: string) => setBusiness((b) => ({ ...b, social: { ...b.social, [key]: value } }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    update.mutate(
      { business },
      {
        onSuccess: (saved) => {
          setBusiness(saved.business);
          toast({ title: 'Business Details Saved', description: 'The website shows the new details.', variant: 'success' });
        },
        onError: (err) => {
          setErrors(fieldErrors(err));
          toast({ title: 'Not Saved', description: errorMessage(err, 'Could not save the business details. Please try again.'), variant: 'destructive' });
        },
      },
    );
  }

  return (
    <Section title="Business details" description="Shown on every page of the website and in emails to customers." onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field="business.name" label="Business name" value={business.name} onChange={set('name')} errors={errors} autoComplete="organization" />
        <TextField field="business.tagline" label="Tagline" value={business.tagline} onChange={set('tagline')} errors={errors} />
        <TextField field="business.phone" label="Phone" type="tel" value={business.phone} onChange={set('phone')} errors={errors} placeholder="(310) 555-0142" />
        <TextField field="business.email" label="Email" type="email" value={business.email} onChange={set('email')} errors={errors} />
        <TextField field="business.address" label="Address" value={business.address} onChange={set('address')} errors={errors} />
        <TextField
          field="business.serviceRadius"
          label="Service area"
          value={business.serviceRadius}
          onChange={set('serviceRadius')}
          errors={errors}
          hint="A short sentence, e.g. “Serving Santa Monica, West LA and Venice”."
        />
      </div>
      <div className="border-t border-neutral-200 pt-4">
        <fieldset>
          <legend className="font-semibold text-ink-950">Social links</legend>
          <p className="mt-1 text-sm text-neutral-700">Full addresses starting with https://. Leave a box empty to hide that link.</p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {SOCIAL.map(({ key, label }) => (
              <TextField key={key} field={`business.social.${key}`} label={label} type="url" value={business.social[key]} onChange={setSocial(key)} errors={errors} placeholder="https://" />
            ))}
          </div>
        </fieldset>
      </div>
      <SaveButton pending={update.isPending} label="Save business details" />
    </Section>
  );
}

type Hours = Settings['hours'];
/** What a day shows while it is being edited: a closed day keeps the times typed for it. */
type DayDraft = { open: boolean; from: string; to: string };

function HoursForm({ initial }: { initial: Hours }) {
  const id = useId();
  const [days, setDays] = useState<Record<WeekdayKey, DayDraft>>(() => draftsOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateSettings();
  const setDay = (day: WeekdayKey, change: Partial<DayDraft>) => setDays((d) => ({ ...d, [day]: { ...d[day], ...change } }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const hours = Object.fromEntries(WEEKDAY_KEYS.map((d) => [d, days[d].open ? { open: days[d].from, close: days[d].to } : null])) as Hours;
    setErrors({});
    update.mutate(
      { hours },
      {
        onSuccess: (saved) => {
          setDays(draftsOf(saved.hours, days));
          toast({ title: 'Hours Saved', description: 'Customers can book within the new hours from now on.', variant: 'success' });
        },
        onError: (err) => {
          setErrors(fieldErrors(err));
          toast({ title: 'Not Saved', description: errorMessage(err, 'Could not save the hours. Please try again.'), variant: 'destructive' });
        },
      },
    );
  }

  return (
    <Section title="Opening hours" description="Jobs start and end within these hours. The website's opening hours follow." onSubmit={submit}>
      <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200">
        {WEEK_ORDER.map((day) => {
          const name = WEEKDAY_NAMES[day];
          const draft = days[day];
          const dayError = errors[`hours.${day}`];
          const openError = errors[`hours.${day}.open`];
          const closeError = errors[`hours.${day}.close`];
          const errorId = (part: string) => `${id}-${day}-${part}-error`;
          return (
            <li key={day} className="grid grid-cols-2 items-center gap-x-3 gap-y-2 p-3 sm:grid-cols-[9rem_7rem_11rem_11rem]">
              <span id={`${id}-${day}-name`} className="font-semibold text-ink-950">
                {name}
              </span>
              <label className="inline-flex min-h-11 items-center gap-2 justify-self-end text-sm font-medium text-ink-900 sm:justify-self-start">
                <input
                  type="checkbox"
                  className="h-5 w-5 accent-gold-600"
                  checked={draft.open}
                  onChange={(e) => setDay(day, { open: e.target.checked })}
                  aria-describedby={dayError ? errorId('day') : undefined}
                />
                Open<span className="sr-only"> on {name}</span>
              </label>
              {draft.open ? (
                <>
                  <div>
                    <label htmlFor={`${id}-${day}-open`} className="mb-1 block text-sm text-neutral-700">
                      Opens<span className="sr-only"> on {name}</span>
                    </label>
                    <input
                      id={`${id}-${day}-open`}
                      type="time"
                      step={900}
                      className={controlClass}
                      value={draft.from}
                      onChange={(e) => setDay(day, { from: e.target.value })}
                      aria-invalid={openError ? true : undefined}
                      aria-describedby={openError ? errorId('open') : undefined}
                    />
                  </div>
                  <div>
                    <label htmlFor={`${id}-${day}-close`} className="mb-1 block text-sm text-neutral-700">
                      Closes<span className="sr-only"> on {name}</span>
                    </label>
                    <input
                      id={`${id}-${day}-close`}
                      type="time"
                      step={900}
                      className={controlClass}
                      value={draft.to}
                      onChange={(e) => setDay(day, { to: e.target.value })}
                      aria-invalid={closeError ? true : undefined}
                      aria-describedby={closeError ? errorId('close') : undefined}
                    />
                  </div>
                </>
              ) : (
                <p className="col-span-2 text-sm text-neutral-700 sm:col-span-2">Closed all day</p>
              )}
              {(dayError || openError || closeError) && (
                <div className="col-span-2 sm:col-span-4">
                  <FieldError id={errorId('day')} message={dayError} />
                  <FieldError id={errorId('open')} message={openError} />
                  <FieldError id={errorId('close')} message={closeError} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <SaveButton pending={update.isPending} label="Save hours" />
    </Section>
  );
}

function draftsOf(hours: Hours, previous?: Record<WeekdayKey, DayDraft>): Record<WeekdayKey, DayDraft> {
  return Object.fromEntries(
    WEEKDAY_KEYS.map((d) => {
      const h = hours[d];
      return [d, h ? { open: true, from: h.open, to: h.close } : { open: false, from: previous?.[d].from ?? '09:00', to: previous?.[d].to ?? '17:00' }];
    }),
  ) as Record<WeekdayKey, DayDraft>;
}

/** 'yyyy-MM-dd' in words, with its weekday: 'Wednesday, March 10, 2027'. */
function dateInWords(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const weekday = new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  return `${weekday}, ${formatBookingDate(isoDate)}`;
}

/** Closed dates save at once: adding or removing one is a single tap on the phone. */
function ClosedDatesSection({ closedDates }: { closedDates: string[] }) {
  const id = useId();
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateSettings();
  // Rendered in the browser only (the admin area is not prerendered), so today is the visitor's.
  const today = businessToday();
  const upcoming = closedDates.filter((d) => d >= today);
  const past = closedDates.length - upcoming.length;

  function save(next: string[], done: string) {
    setError(undefined);
    update.mutate(
      { closedDates: next },
      {
        onSuccess: () => {
          setDate('');
          toast({ title: 'Closed Dates Saved', description: done, variant: 'success' });
        },
        onError: (err) => {
          const fields = fieldErrors(err);
          setError(Object.values(fields)[0] ?? errorMessage(err, 'Could not save the closed dates. Please try again.'));
        },
      },
    );
  }

  function add(event: FormEvent) {
    event.preventDefault();
    if (!date) {
      setError('Choose a date to close.');
      return;
    }
    if (closedDates.includes(date)) {
      setError(`${dateInWords(date)} is already closed.`);
      return;
    }
    save([...closedDates, date], `No bookings on ${dateInWords(date)}.`);
  }

  return (
    <Section title="Closed dates" description="Holidays and days off: no start times are offered on these dates. Bookings already made stay.">
      {upcoming.length === 0 ? (
        <p className="text-sm text-neutral-700">No closed dates coming up.</p>
      ) : (
        <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200" aria-label="Closed dates">
          {upcoming.map((d) => (
            <li key={d} className="flex items-center justify-between gap-3 py-1 pl-3 pr-1">
              <span className="text-ink-950">{dateInWords(d)}</span>
              <button
                type="button"
                className={`${outlineButtonClass} min-h-11 min-w-11`}
                disabled={update.isPending}
                onClick={() => save(closedDates.filter((c) => c !== d), `${dateInWords(d)} is open for bookings again.`)}
              >
                <X className="h-4 w-4" aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">Remove</span>
                <span className="sr-only"> {dateInWords(d)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {past > 0 && <p className="text-sm text-neutral-600">{past === 1 ? '1 past closed date is kept for the record.' : `${past} past closed dates are kept for the record.`}</p>}
      <form onSubmit={add} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="sm:w-60">
          <label htmlFor={`${id}-date`} className={labelClass}>
            Date to close
          </label>
          <input
            id={`${id}-date`}
            type="date"
            min={today}
            className={controlClass}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-date-error` : undefined}
          />
        </div>
        <button type="submit" className={`${goldButtonClass} w-full sm:w-auto`} disabled={update.isPending}>
          <CalendarX className="h-4 w-4" aria-hidden="true" />
          {update.isPending ? 'Saving...' : 'Close this date'}
        </button>
      </form>
      <div aria-live="polite">
        <FieldError id={`${id}-date-error`} message={error} />
      </div>
    </Section>
  );
}

function BookingRulesForm({ initial }: { initial: Pick<Settings, 'bookingWindowDays' | 'minNoticeHours'> }) {
  const [windowDays, setWindowDays] = useState(String(initial.bookingWindowDays));
  const [notice, setNotice] = useState(String(initial.minNoticeHours));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateSettings();
  const windowId = useId();
  const noticeId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    // Numbers as typed; an empty box goes as '' so the server answers with its own sentence.
    const asNumber = (v: string) => (v.trim() === '' ? '' : Number(v));
    const body = { bookingWindowDays: asNumber(windowDays), minNoticeHours: asNumber(notice) } as SettingsPatch;
    setErrors({});
    update.mutate(body, {
      onSuccess: (saved) => {
        setWindowDays(String(saved.bookingWindowDays));
        setNotice(String(saved.minNoticeHours));
        toast({ title: 'Booking Rules Saved', description: 'The booking calendar follows the new rules.', variant: 'success' });
      },
      onError: (err) => {
        setErrors(fieldErrors(err));
        toast({ title: 'Not Saved', description: errorMessage(err, 'Could not save the booking rules. Please try again.'), variant: 'destructive' });
      },
    });
  }

  const numberField = (fieldId: string, field: string, label: string, hint: string, value: string, onChange: (v: string) => void, min: number, max: number) => (
    <div>
      <label htmlFor={fieldId} className={labelClass}>
        {label}
      </label>
      <input
        id={fieldId}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        className={controlClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={[`${fieldId}-hint`, errors[field] ? `${fieldId}-error` : ''].filter(Boolean).join(' ')}
      />
      <p id={`${fieldId}-hint`} className="mt-1 text-sm text-neutral-600">
        {hint}
      </p>
      <FieldError id={`${fieldId}-error`} message={errors[field]} />
    </div>
  );

  return (
    <Section title="Booking rules" onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        {numberField(windowId, 'bookingWindowDays', 'Booking window (days)', 'How far ahead customers can book.', windowDays, setWindowDays, 1, 365)}
        {numberField(noticeId, 'minNoticeHours', 'Minimum notice (hours)', 'The earliest a job can start after it is booked.', notice, setNotice, 0, 168)}
      </div>
      <SaveButton pending={update.isPending} label="Save booking rules" />
    </Section>
  );
}

/** The business's facts, hours, closed dates and booking rules, as the website and the schedule use them. */
export function BusinessPanel() {
  const settings = useAdminSettings();
  if (settings.isPending) return <PanelLoading label="Loading settings..." />;
  if (settings.isError) return <PanelError error={settings.error} fallback="Could not load the settings. Please reload the page." />;
  const s = settings.data;
  return (
    <div className="space-y-4">
      <BusinessForm initial={s.business} />
      <HoursForm initial={s.hours} />
      <ClosedDatesSection closedDates={s.closedDates} />
      <BookingRulesForm initial={s} />
    </div>
  );
}
