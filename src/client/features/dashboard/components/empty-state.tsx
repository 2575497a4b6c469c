import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CalendarX } from 'lucide-react';
import { goldButtonClass } from './styles';

export function EmptyState({ title, description, action }: { title: string; description: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-neutral-300 bg-white px-6 py-10 text-center">
      <CalendarX className="h-10 w-10 text-gold-600" aria-hidden="true" />
      <p className="mt-3 text-base font-semibold text-ink-950">{title}</p>
      <p className="mt-1 text-sm text-neutral-700">{description}</p>
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}

/** An empty list of the customer's bookings, with the way to book one. */
export function NoBookingsYet({ title, description }: { title: string; description: string }) {
  return (
    <EmptyState
      title={title}
      description={description}
      action={
        <Link to="/book" className={goldButtonClass}>
          Book a Service
        </Link>
      }
    />
  );
}

export function ListSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-3">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-28 animate-pulse rounded-xl bg-neutral-100" />
      ))}
    </div>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-4 text-sm text-red-800">
      <p>{message}</p>
      <button type="button" onClick={onRetry} className="mt-2 font-semibold underline underline-offset-2 hover:text-red-900">
        Try again
      </button>
    </div>
  );
}
