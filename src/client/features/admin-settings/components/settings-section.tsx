import { useId, type FormEvent, type ReactNode } from 'react';
import { cardClass, goldButtonClass } from '../../../components/admin/styles';
import { BoundInput, type BoundField } from '../../../components/admin/fields';
import { settingsSchema } from '../../../../shared/schemas/settings';

/** A card with a heading; a form named by that heading when `onSubmit` is given. */
export function Section({ title, description, children, onSubmit }: { title: string; description?: string; children: ReactNode; onSubmit?: (e: FormEvent) => void }) {
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
    <form method="post" action="/admin" onSubmit={onSubmit} noValidate className={className} aria-labelledby={`${id}-title`}>
      {body}
    </form>
  ) : (
    <section className={className} aria-labelledby={`${id}-title`}>
      {body}
    </section>
  );
}

export function SaveButton({ pending, label }: { pending: boolean; label: string }) {
  return (
    <div className="flex justify-end">
      <button type="submit" className={`${goldButtonClass} w-full sm:w-auto`} disabled={pending}>
        {pending ? 'Saving...' : label}
      </button>
    </div>
  );
}

type NumberSetting = 'bookingWindowDays' | 'minNoticeHours' | 'travelBufferMinutes' | 'crews';

const NUMBER_FIELDS: Record<NumberSetting, { label: string; hint: string }> = {
  bookingWindowDays: { label: 'Booking window (days)', hint: 'How far ahead customers can book.' },
  minNoticeHours: { label: 'Minimum notice (hours)', hint: 'The earliest a job can start after it is booked.' },
  travelBufferMinutes: { label: 'Travel buffer (minutes)', hint: 'Kept free before and after each job to drive to the next.' },
  crews: { label: 'Crews', hint: 'How many jobs can run at the same time.' },
};

/**
 * Whole-number settings side by side, each with its label, hint and message; a box's range is
 * the shared settings schema's. `bind` binds the boxes (see useFormFields).
 */
export function NumberFields<N extends NumberSetting>({ names, bind }: { names: N[]; bind: (name: N) => BoundField }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {names.map((name) => {
        const { minValue, maxValue } = settingsSchema.shape[name];
        return <BoundInput key={name} {...bind(name)} {...NUMBER_FIELDS[name]} type="number" inputMode="numeric" min={minValue ?? undefined} max={maxValue ?? undefined} />;
      })}
    </div>
  );
}
