/** Same height for the calendar and its placeholder, so nothing shifts. */
export const CALENDAR_BOX = 'h-[372px]';

/**
 * Where the calendar will be on a first render that knows no day: a quote's booking form (a page
 * rendered in the browser only) before it mounts. /book's HTML has the calendar itself, for the
 * day the server rendered it for (decision 0026).
 */
export function CalendarPlaceholder() {
  return (
    <div className={`${CALENDAR_BOX} flex w-full max-w-[308px] items-center justify-center rounded-lg border border-dashed border-neutral-300 bg-neutral-50`} aria-hidden="true">
      <span className="text-sm text-neutral-500">Loading calendar…</span>
    </div>
  );
}
