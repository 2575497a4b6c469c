/** Same height for the calendar and its server-rendered placeholder, so nothing shifts. */
export const CALENDAR_BOX = 'h-[372px]';

/** What the server-rendered HTML shows where the calendar will be (no dates before mount). */
export function CalendarPlaceholder() {
  return (
    <div className={`${CALENDAR_BOX} flex w-full max-w-[308px] items-center justify-center rounded-lg border border-dashed border-neutral-300 bg-neutral-50`} aria-hidden="true">
      <span className="text-sm text-neutral-500">Loading calendar…</span>
    </div>
  );
}
