import { telHref } from '../../../../shared/tel-href';
import { useEffect, useId, useState } from 'react';
import { Mail, MapPin, Phone, TriangleAlert } from 'lucide-react';
import { BOOKING_STATUSES, serviceTypeLabel } from '../../../../shared/constants';
import type { AdminBooking } from '../../../../shared/schemas/admin';
import { useAdminBookings, type BookingFilters } from '../api/bookings-api';
import { formatShortDate, todayInZone } from '../../../../shared/business-time';
import { DEFAULT_BUSINESS_TZ } from '../../../../shared/constants';
import { depositLabel } from '../../../lib/admin-format';
import { durationText as durationLabel } from '../../../../shared/duration-text';
import { statusLabel, StatusBadge } from '../../../components/status-badge';
import { CrewSelect } from './crew-select';
import { BookingActions } from './booking-actions';
import { PanelStates } from '../../../components/admin/panel-states';
import { cardClass, outlineButtonClass } from '../../../components/admin/styles';
import { controlClass, FormField } from '../../../components/form-field';
import { SelectOptions } from '../../../components/admin/select-options';

function Filters({ filters, onChange }: { filters: BookingFilters; onChange: (next: BookingFilters) => void }) {
  const id = useId();
  const [q, setQ] = useState(filters.q);
  // Search as the owner types, without a request per keystroke.
  useEffect(() => {
    if (q === filters.q) return;
    const timer = setTimeout(() => onChange({ ...filters, q }), 300);
    return () => clearTimeout(timer);
  }, [q, filters, onChange]);

  return (
    <form method="post" action="/admin" role="search" aria-label="Filter bookings" className={`${cardClass} grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[10rem_10rem_10rem_1fr_auto] lg:items-end`} onSubmit={(e) => e.preventDefault()}>
      <FormField id={`${id}-status`} label="Status">
        <select id={`${id}-status`} className={controlClass} value={filters.status} onChange={(e) => onChange({ ...filters, status: e.target.value })}>
          <option value="">All statuses</option>
          <SelectOptions values={BOOKING_STATUSES} label={statusLabel} />
        </select>
      </FormField>
      <FormField id={`${id}-from`} label="From">
        <input id={`${id}-from`} type="date" className={controlClass} value={filters.from} onChange={(e) => onChange({ ...filters, from: e.target.value })} />
      </FormField>
      <FormField id={`${id}-to`} label="To">
        <input id={`${id}-to`} type="date" className={controlClass} value={filters.to} min={filters.from || undefined} onChange={(e) => onChange({ ...filters, to: e.target.value })} />
      </FormField>
      <FormField id={`${id}-q`} label="Search">
        <input id={`${id}-q`} type="search" className={controlClass} placeholder="Name, email, phone, address or #id" value={q} onChange={(e) => setQ(e.target.value)} />
      </FormField>
      <button
        type="button"
        className={outlineButtonClass}
        onClick={() => {
          setQ('');
          onChange({ status: '', from: '', to: '', q: '' });
        }}
      >
        Show all
      </button>
    </form>
  );
}

function Contact({ booking }: { booking: AdminBooking }) {
  return (
    <ul className="space-y-0.5 text-sm text-neutral-700">
      <li className="flex items-center gap-1.5 break-all">
        <Mail className="h-3.5 w-3.5 shrink-0 text-gold-700" aria-hidden="true" />
        <a className="underline-offset-2 hover:underline" href={`mailto:${booking.email}`}>
          {booking.email}
        </a>
      </li>
      <li className="flex items-center gap-1.5">
        <Phone className="h-3.5 w-3.5 shrink-0 text-gold-700" aria-hidden="true" />
        <a className="underline-offset-2 hover:underline" href={telHref(booking.phone)}>
          {booking.phone}
        </a>
      </li>
    </ul>
  );
}

function Notes({ booking }: { booking: AdminBooking }) {
  if (!booking.specialInstructions && !booking.cancelReason) return null;
  return (
    <div className="space-y-1 text-sm">
      {booking.specialInstructions && (
        <p className="whitespace-pre-wrap text-neutral-700">
          <span className="font-semibold text-neutral-900">Notes: </span>
          {booking.specialInstructions}
        </p>
      )}
      {booking.cancelReason && <p className="text-neutral-700">{booking.cancelReason}</p>}
    </div>
  );
}

/** Flags an address the service-area check could not read (no ZIP code in it). */
function AreaFlag({ booking }: { booking: AdminBooking }) {
  if (booking.areaChecked !== null) return null;
  return (
    <p className="mt-1 inline-flex items-center gap-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
      <TriangleAlert className="h-3.5 w-3.5" aria-hidden="true" />
      Area not checked
    </p>
  );
}

/** The job's length and its crew (a select while it can still change). */
function JobLine({ booking, crews }: { booking: AdminBooking; crews: number }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-neutral-800">
      <span>{durationLabel(booking.durationMinutes)}</span>
      <CrewSelect booking={booking} crews={crews} />
    </div>
  );
}

const COLUMNS = ['When', 'Customer', 'Service and address', 'Deposit', 'Status', 'Actions'];

function BookingsTable({ bookings, crews }: { bookings: AdminBooking[]; crews: number }) {
  return (
    <div className={`${cardClass} hidden overflow-x-auto lg:block`}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Bookings</caption>
        <thead className="bg-ink-950 text-gold-200">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {bookings.map((b) => (
            <tr key={b.id} className="align-top">
              <td className="px-4 py-3">
                <p className="font-semibold text-ink-950">{formatShortDate(b.bookingDate)}</p>
                <p className="text-neutral-700">{b.bookingTime}</p>
                <p className="text-xs text-neutral-600">#{b.id}</p>
                <div className="mt-1">
                  <JobLine booking={b} crews={crews} />
                </div>
              </td>
              <td className="px-4 py-3">
                <p className="font-semibold text-ink-950">{b.fullName}</p>
                <Contact booking={b} />
              </td>
              <td className="max-w-xs px-4 py-3">
                <p className="font-semibold text-ink-950">{serviceTypeLabel(b.serviceType)}</p>
                <p className="text-neutral-700">{b.address}</p>
                <AreaFlag booking={b} />
                <Notes booking={b} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-neutral-800">{depositLabel(b)}</td>
              <td className="px-4 py-3">
                <StatusBadge status={b.status} />
              </td>
              <td className="px-4 py-3">
                <BookingActions booking={b} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BookingCards({ bookings, crews }: { bookings: AdminBooking[]; crews: number }) {
  return (
    <ul className="space-y-3 lg:hidden">
      {bookings.map((b) => (
        <li key={b.id} className={`${cardClass} space-y-3 p-4`}>
          <div className="flex items-start justify-between gap-3">
            <div>
              <h2 className="font-semibold text-ink-950">
                {formatShortDate(b.bookingDate)} at {b.bookingTime}
              </h2>
              <p className="text-sm text-neutral-700">
                #{b.id} · {serviceTypeLabel(b.serviceType)}
              </p>
            </div>
            <StatusBadge status={b.status} />
          </div>
          <div>
            <p className="font-semibold text-ink-950">{b.fullName}</p>
            <Contact booking={b} />
            <p className="mt-1 flex items-start gap-1.5 text-sm text-neutral-700">
              <MapPin className="mt-0.5 h-3.5 w-3.5 shrink-0 text-gold-700" aria-hidden="true" />
              {b.address}
            </p>
            <AreaFlag booking={b} />
          </div>
          <JobLine booking={b} crews={crews} />
          <Notes booking={b} />
          <p className="text-sm text-neutral-800">
            <span className="font-semibold">Deposit: </span>
            {depositLabel(b)}
          </p>
          <BookingActions booking={b} />
        </li>
      ))}
    </ul>
  );
}

/** The owner's list of bookings: filters, then a table (desktop) or cards (mobile) with actions. */
export function BookingsPanel({ crews }: { crews: number }) {
  // Upcoming work first: the default view starts today on the business's calendar.
  const [filters, setFilters] = useState<BookingFilters>(() => ({ status: '', from: todayInZone(new Date(), DEFAULT_BUSINESS_TZ), to: '', q: '' }));
  const bookings = useAdminBookings(filters);
  const list = bookings.data?.bookings ?? [];

  return (
    <div className="space-y-4">
      <Filters filters={filters} onChange={setFilters} />
      <PanelStates query={bookings} loading="Loading bookings..." failed="Could not load bookings. Please reload the page." isEmpty={list.length === 0} empty="No bookings match these filters.">
        <>
          <p className="text-sm text-neutral-700" aria-live="polite">
            {list.length === 1 ? '1 booking' : `${list.length} bookings`}
            {list.length >= 500 ? ' (the first 500; narrow the dates to see the rest)' : ''}
          </p>
          <BookingsTable bookings={list} crews={crews} />
          <BookingCards bookings={list} crews={crews} />
        </>
      </PanelStates>
    </div>
  );
}
