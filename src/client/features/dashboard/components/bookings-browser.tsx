import { useId, useMemo, useState } from 'react';
import { Tabs } from 'radix-ui';
import { Search } from 'lucide-react';
import type { DashboardBooking } from '../../../../shared/schemas/dashboard';
import { filterBookings, type BookingTab, type StatusFilter } from '../utils/booking-filters';
import { EmptyState, NoBookingsYet } from './empty-state';
import { SelectMenu } from './select-menu';
import { inputClass } from './styles';
import { BookingCardList } from './your-bookings';

const TABS: { value: BookingTab; label: string }[] = [
  { value: 'all', label: 'All Bookings' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'past', label: 'Past' },
];

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'rescheduling', label: 'Rescheduling' },
];

const tabTriggerClass =
  'flex-1 whitespace-nowrap rounded-md px-3 py-2 text-sm font-semibold text-neutral-700 hover:text-neutral-900 data-[state=active]:bg-ink-950 data-[state=active]:text-white sm:flex-none sm:px-4';

/** My Bookings: tabs, a search box and a status filter over the customer's bookings. */
export function BookingsBrowser({ bookings, today }: { bookings: DashboardBooking[]; today: string }) {
  const [tab, setTab] = useState<BookingTab>('all');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const statusLabelId = useId();
  const visible = useMemo(() => filterBookings(bookings, { tab, search, status, today }), [bookings, tab, search, status, today]);

  let list;
  if (bookings.length === 0) list = <NoBookingsYet title="No bookings found" description="You haven't booked any services yet." />;
  else if (visible.length === 0) list = <EmptyState title="No matching bookings" description="Try adjusting your filters" />;
  else list = <BookingCardList bookings={visible} label={`${visible.length} ${visible.length === 1 ? 'booking' : 'bookings'}`} />;

  return (
    <Tabs.Root value={tab} onValueChange={(value) => setTab(value as BookingTab)}>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <Tabs.List aria-label="Booking lists" className="flex gap-1 rounded-lg bg-neutral-100 p-1">
          {TABS.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value} className={tabTriggerClass}>
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className="flex flex-col gap-3 sm:flex-row">
          <div className="relative sm:w-64">
            <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-neutral-500" aria-hidden="true" />
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Search bookings..."
              aria-label="Search bookings"
              className={`${inputClass} pl-9`}
            />
          </div>
          <span id={statusLabelId} className="sr-only">
            Filter by status
          </span>
          <SelectMenu
            value={status}
            onValueChange={(value) => setStatus(value as StatusFilter)}
            options={STATUS_OPTIONS}
            labelledBy={statusLabelId}
            triggerClassName="inline-flex min-w-44 items-center justify-between gap-2 rounded-md border border-neutral-300 bg-white px-3 py-2.5 text-sm text-neutral-900 shadow-sm hover:border-gold-500"
          />
        </div>
      </div>
      {TABS.map((t) => (
        <Tabs.Content key={t.value} value={t.value} className="mt-6">
          {list}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
