import { telHref } from '../../../../shared/tel-href';
import { useId, useRef, useState, type ReactNode } from 'react';
import { ChevronRight, Mail, Phone, UserCheck } from 'lucide-react';
import type { CustomerDetail, CustomerSummary } from '../../../../shared/schemas/admin-customers';
import { useCustomer, useCustomers } from '../api/customers-api';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { formatShortDate } from '../../../../shared/business-time';
import { depositLabel, formatInstant } from '../../../lib/admin-format';
import { serviceTypeLabel } from '../../../../shared/constants';
import { plural } from '../../../lib/plural';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/admin/panel-states';
import { StatusBadge } from '../../../components/status-badge';
import { cardClass } from '../../../components/admin/styles';
import { DetailView } from '../../../components/admin/detail-view';
import { controlClass, labelClass } from '../../../components/form-field';

const linkClass = 'inline-flex min-h-10 items-center gap-1.5 font-medium text-gold-800 underline underline-offset-2 break-all';


/** Look a customer up while they are on the phone: search, then their bookings and messages. */
export function CustomersPanel() {
  const [selected, setSelected] = useState<string | null>(null);
  const [q, setQ] = useState('');
  const searchInput = useRef<HTMLInputElement>(null);
  if (selected) {
    return (
      <CustomerView
        email={selected}
        onBack={() => {
          setSelected(null);
          // Back where the owner was: the search box keeps its text.
          requestAnimationFrame(() => searchInput.current?.focus());
        }}
      />
    );
  }
  return <CustomerSearch q={q} onQ={setQ} onOpen={setSelected} inputRef={searchInput} />;
}

function CustomerSearch({ q, onQ, onOpen, inputRef }: { q: string; onQ: (q: string) => void; onOpen: (email: string) => void; inputRef: React.RefObject<HTMLInputElement | null> }) {
  const id = useId();
  const search = useDebouncedValue(q.trim(), 300);
  const customers = useCustomers(search);
  const data = customers.data;
  return (
    <div className="space-y-4">
      <form method="post" action="/admin" role="search" aria-label="Search customers" className={`${cardClass} p-4`} onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={`${id}-q`} className={labelClass}>
          Find a customer
        </label>
        <input
          id={`${id}-q`}
          ref={inputRef}
          type="search"
          className={controlClass}
          placeholder="Name, email or phone"
          autoComplete="off"
          value={q}
          maxLength={100}
          onChange={(e) => onQ(e.target.value)}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-neutral-700">
          Accounts, guest bookers and people who wrote, by email. Phone numbers match on their digits.
        </p>
      </form>
      {customers.isPending ? (
        <PanelLoading label="Loading customers..." />
      ) : customers.isError ? (
        <PanelError error={customers.error} fallback="Could not load customers. Please try again." />
      ) : (
        <div className="space-y-2">
          <p className="text-sm text-neutral-700" role="status">
            {data!.total === 0
              ? ''
              : data!.total > data!.customers.length
                ? `Showing the ${data!.customers.length} most recent of ${plural(data!.total, 'customer')}. Type more to narrow the list.`
                : `${plural(data!.total, 'customer')}${search ? ` matching “${search}”` : ''}, most recent first.`}
          </p>
          {data!.customers.length === 0 ? (
            <PanelEmpty>{search ? `No customer matches “${search}”.` : 'No customers yet.'}</PanelEmpty>
          ) : (
            <ul className="space-y-2" aria-label="Customers">
              {data!.customers.map((c) => (
                <li key={c.email}>
                  <CustomerRow customer={c} onOpen={() => onOpen(c.email)} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function CustomerRow({ customer: c, onOpen }: { customer: CustomerSummary; onOpen: () => void }) {
  const counts = [plural(c.bookings, 'booking'), c.upcoming ? `${c.upcoming} upcoming` : '', c.messages ? plural(c.messages, 'message') : ''].filter(Boolean).join(' · ');
  return (
    <button type="button" onClick={onOpen} className={`${cardClass} flex w-full items-center gap-3 p-3 text-left hover:border-gold-500 sm:p-4`}>
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-x-2 font-semibold text-ink-950">
          {c.name}
          {c.hasAccount && <span className="rounded-full bg-gold-100 px-2 py-0.5 text-xs font-semibold text-gold-800">Account</span>}
        </span>
        <span className="block break-all text-sm text-neutral-800">{c.email}</span>
        <span className="block text-sm text-neutral-700">
          {c.phone ? `${c.phone} · ` : ''}
          {counts}
        </span>
      </span>
      <ChevronRight className="h-5 w-5 shrink-0 text-neutral-600" aria-hidden="true" />
    </button>
  );
}

function CustomerView({ email, onBack }: { email: string; onBack: () => void }) {
  return (
    <DetailView backLabel="Back to customers" onBack={onBack} query={useCustomer(email)} loading="Loading the customer..." failed="Could not load this customer. Please try again.">
      {(customer, headingRef) => <CustomerDetails c={customer} headingRef={headingRef} />}
    </DetailView>
  );
}

function CustomerDetails({ c, headingRef }: { c: CustomerDetail; headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  return (
    <article className="space-y-4" aria-labelledby="customer-name">
      <header className={`${cardClass} p-4 sm:p-5`}>
        <h2 id="customer-name" ref={headingRef} tabIndex={-1} className="text-xl font-bold text-ink-950">
          {c.name}
        </h2>
        <p className="mt-1 text-sm text-neutral-700">
          {c.hasAccount && c.accountSince ? (
            <span className="inline-flex items-center gap-1">
              <UserCheck className="h-4 w-4 text-gold-700" aria-hidden="true" />
              Account since {formatInstant(c.accountSince).split(',').slice(0, 2).join(',')}
            </span>
          ) : (
            'Guest (no account)'
          )}
          {' · '}
          {plural(c.bookings, 'booking')}
          {c.upcoming ? `, ${c.upcoming} upcoming` : ''} · {plural(c.messages, 'message')}
        </p>
        <div className="mt-2 flex flex-col gap-x-5 sm:flex-row sm:flex-wrap">
          {c.phone && (
            <a className={linkClass} href={telHref(c.phone)}>
              <Phone className="h-4 w-4 shrink-0" aria-hidden="true" />
              Call {c.phone}
            </a>
          )}
          <a className={linkClass} href={`mailto:${c.email}`}>
            <Mail className="h-4 w-4 shrink-0" aria-hidden="true" />
            Email {c.email}
          </a>
        </div>
      </header>

      <DetailList id="customer-bookings" title="Bookings" items={c.bookingList} empty="No bookings." itemClass="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between">
        {(b) => (
          <>
            <div className="min-w-0">
              <p className="font-semibold text-ink-950">
                {formatShortDate(b.bookingDate)}, {b.bookingTime}
              </p>
              <p className="text-sm text-neutral-800">
                {serviceTypeLabel(b.serviceType)} · #{b.id} · Deposit: {depositLabel(b)}
              </p>
              <p className="break-words text-sm text-neutral-700">{b.address}</p>
              {b.phone && b.phone !== c.phone && (
                <a className={linkClass} href={telHref(b.phone)}>
                  <Phone className="h-4 w-4 shrink-0" aria-hidden="true" />
                  Call {b.phone} (given for this booking)
                </a>
              )}
            </div>
            <span className="self-start">
              <StatusBadge status={b.status} />
            </span>
          </>
        )}
      </DetailList>

      <DetailList id="customer-messages" title="Messages" items={c.messageList} empty="No messages." itemClass="py-3">
        {(m) => (
          <>
            <p className="font-semibold text-ink-950">{m.subject}</p>
            <p className="text-sm text-neutral-700">
              <time dateTime={m.createdAt}>{formatInstant(m.createdAt)}</time> · from {m.fullName}
            </p>
            <p className="mt-1 whitespace-pre-wrap break-words text-neutral-900">{m.message}</p>
          </>
        )}
      </DetailList>
    </article>
  );
}

/** One list of the customer's, headed by `title` (its id `id`), or `empty` when there is nothing in it. */
function DetailList<T extends { id: number | string }>({ id, title, items, empty, itemClass, children }: { id: string; title: string; items: T[]; empty: string; itemClass: string; children: (item: T) => ReactNode }) {
  return (
    <section className={`${cardClass} p-4 sm:p-5`} aria-labelledby={id}>
      <h3 id={id} className="text-lg font-bold text-ink-950">
        {title}
      </h3>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-neutral-700">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-neutral-200">
          {items.map((item) => (
            <li key={item.id} className={itemClass}>
              {children(item)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
