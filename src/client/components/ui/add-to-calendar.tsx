import { CalendarPlus } from 'lucide-react';

const LINK =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-neutral-300 bg-white px-4 py-2 text-sm font-semibold text-neutral-900 shadow-sm transition-colors hover:border-gold-500 hover:bg-gold-50';

interface AddToCalendarProps {
  /** The .ics file: a URL, or a data: URL built in the browser. */
  icsHref: string;
  icsFileName: string;
  googleHref: string;
  /** Tells the two links apart from other bookings' on the same page, for screen readers. */
  label?: string;
}

/** "Add to calendar": an .ics download (Apple, Outlook, most apps) and a Google Calendar link. */
export function AddToCalendar({ icsHref, icsFileName, googleHref, label }: AddToCalendarProps) {
  const suffix = label ? ` for ${label}` : '';
  return (
    <div className="flex flex-wrap gap-2">
      <a href={icsHref} download={icsFileName} className={LINK} aria-label={`Download calendar file (.ics)${suffix}`}>
        <CalendarPlus className="h-4 w-4 text-gold-700" aria-hidden="true" />
        Calendar file (.ics)
      </a>
      <a href={googleHref} target="_blank" rel="noopener noreferrer" className={LINK} aria-label={`Add to Google Calendar${suffix} (opens in a new tab)`}>
        <CalendarPlus className="h-4 w-4 text-gold-700" aria-hidden="true" />
        Google Calendar
      </a>
    </div>
  );
}
