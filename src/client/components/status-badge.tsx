const STATUS_STYLES: Record<string, string> = {
  confirmed: 'bg-green-100 text-green-800 ring-green-600/30',
  cancelled: 'bg-red-100 text-red-800 ring-red-600/30',
  completed: 'bg-blue-100 text-blue-800 ring-blue-600/30',
  rescheduling: 'bg-yellow-100 text-yellow-900 ring-yellow-600/40',
  failed: 'bg-red-100 text-red-800 ring-red-600/30',
  // An estimate request's: new waits for the owner, quoted for the customer.
  new: 'bg-gold-100 text-gold-800 ring-gold-600/40',
  quoted: 'bg-blue-100 text-blue-800 ring-blue-600/30',
  booked: 'bg-green-100 text-green-800 ring-green-600/30',
  declined: 'bg-red-100 text-red-800 ring-red-600/30',
};
const OTHER = 'bg-neutral-100 text-neutral-800 ring-neutral-500/30';

/** 'rescheduling' -> 'Rescheduling'. */
export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** Confirmed and booked green, cancelled, failed and declined red, completed and quoted blue, rescheduling yellow, new gold, anything else gray. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_STYLES[status] ?? OTHER}`}>
      {statusLabel(status)}
    </span>
  );
}
