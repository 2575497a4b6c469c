import type { TimeSlot } from '../../../../shared/schemas/booking';

interface TimeSlotGridProps {
  slots: TimeSlot[] | undefined;
  isLoading: boolean;
  isError: boolean;
  selected: string;
  onSelect: (slotTime: string) => void;
  onRetry: () => void;
  labelledBy: string;
  describedBy?: string;
}

/** The chosen date's open times: 2 columns on small screens, 4 from md up. */
export function TimeSlotGrid({ slots, isLoading, isError, selected, onSelect, onRetry, labelledBy, describedBy }: TimeSlotGridProps) {
  if (isLoading) {
    return (
      <div className="grid grid-cols-2 gap-2 md:grid-cols-4" aria-busy="true" aria-label="Loading available times">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="h-11 animate-pulse rounded-md bg-neutral-200" />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <div className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
        <p>We couldn't load the available times.</p>
        <button type="button" onClick={onRetry} className="mt-2 font-semibold underline underline-offset-2">
          Try again
        </button>
      </div>
    );
  }
  if (!slots || slots.length === 0) {
    return <p className="rounded-md border border-neutral-200 bg-neutral-50 p-3 text-sm text-neutral-700">No available time slots for the selected date.</p>;
  }
  return (
    <div role="group" aria-labelledby={labelledBy} aria-describedby={describedBy} className="grid grid-cols-2 gap-2 md:grid-cols-4">
      {slots.map((slot) => {
        const isSelected = slot.slotTime === selected;
        return (
          <button
            key={slot.id}
            type="button"
            aria-pressed={isSelected}
            onClick={() => onSelect(slot.slotTime)}
            className={`h-11 rounded-md border text-sm font-semibold ${
              isSelected ? 'border-ink-950 bg-ink-950 text-gold-300' : 'border-neutral-300 bg-white text-ink-900 hover:border-gold-600 hover:bg-gold-50'
            }`}
          >
            {slot.slotTime}
          </button>
        );
      })}
    </div>
  );
}
