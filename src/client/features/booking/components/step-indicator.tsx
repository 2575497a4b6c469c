import { Check } from 'lucide-react';

export const BOOKING_STEPS = ['Choose a service', 'Pick a date and time', 'Pay deposit', 'Confirmation'] as const;

/** The four stages of booking; `current` is the index of the active one. */
export function StepIndicator({ current }: { current: number }) {
  return (
    <nav aria-label="Booking progress">
      <ol className="grid grid-cols-4 gap-2">
        {BOOKING_STEPS.map((label, index) => {
          const isDone = index < current;
          const isCurrent = index === current;
          return (
            <li key={label} aria-current={isCurrent ? 'step' : undefined} className="flex flex-col items-center gap-2 text-center">
              <span
                className={`flex h-9 w-9 items-center justify-center rounded-full border-2 text-sm font-bold ${
                  isDone ? 'border-gold-500 bg-gold-500 text-ink-950' : isCurrent ? 'border-ink-950 bg-ink-950 text-gold-300' : 'border-neutral-300 bg-white text-neutral-600'
                }`}
                aria-hidden="true"
              >
                {isDone ? <Check className="h-4 w-4" /> : index + 1}
              </span>
              <span className={`text-xs leading-tight sm:text-sm ${isCurrent ? 'font-semibold text-ink-950' : 'text-neutral-600'}`}>
                <span className="sr-only">{isDone ? 'Completed: ' : isCurrent ? 'Current step: ' : ''}</span>
                {label}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
