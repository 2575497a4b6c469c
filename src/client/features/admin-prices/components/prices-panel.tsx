import { useId } from 'react';
import { Plus } from 'lucide-react';
import type { AdminPriceListItem } from '../../../../shared/schemas/admin-price-list';
import type { AdminService } from '../../../../shared/schemas/admin-content';
import { IconButton } from '../../../components/admin/icon-button';
import { PanelStates } from '../../../components/admin/panel-states';
import { cardClass, outlineButtonClass } from '../../../components/admin/styles';
import { useAdminPriceAddOns, useAdminPriceItems, useAdminServiceNames } from '../api/prices-api';
import { AddOnsSection } from './add-ons-section';
import { ItemCard } from './item-card';
import { ItemDialog } from './item-dialog';

/** One service's items in the owner's order, and Add item. */
function ServiceItems({ service, items }: { service: AdminService; items: AdminPriceListItem[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold text-ink-950">
          {service.name}
          {!service.active && <span className="ml-2 text-sm font-normal text-neutral-700">(not offered)</span>}
        </h2>
        <ItemDialog
          item={null}
          serviceType={service.slug}
          serviceName={service.name}
          trigger={
            <IconButton Icon={Plus} srLabel={`to ${service.name}`} className={outlineButtonClass}>
              Add item
            </IconButton>
          }
        />
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-neutral-700">No items: visitors book it as a whole, at its own price and length.</p>
      ) : (
        <ul className="space-y-3" aria-label={`${service.name} items`}>
          {items.map((item) => (
            <li key={item.id} className={`${cardClass} space-y-2 p-4`}>
              <ItemCard item={item} serviceName={service.name} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The price list as the owner manages it: each service's items (price, time listed and time
 * really taken, crew, limit, order, offered or not), then the add-ons and the items they go with.
 */
export function PricesPanel() {
  const items = useAdminPriceItems();
  const addOns = useAdminPriceAddOns();
  const services = useAdminServiceNames();
  const queries = [items, addOns, services];
  const state = { isPending: queries.some((q) => q.isPending), isError: queries.some((q) => q.isError), error: queries.find((q) => q.isError)?.error };
  const list = { items: items.data ?? [], services: services.data ?? [] };
  return (
    <div className="space-y-6">
      <p className="text-sm text-neutral-700">
        What visitors pick on the booking page: each item sets the price, the job&rsquo;s length and whether it needs two people. The real time of an item comes from the jobs
        you complete in Today, and is flagged when it is more than 20&nbsp;% off the minutes listed.
      </p>
      <PanelStates query={state} loading="Loading the price list..." failed="Could not load the price list. Please reload the page.">
        {list.services.map((service) => (
          <ServiceItems key={service.slug} service={service} items={list.items.filter((item) => item.serviceType === service.slug)} />
        ))}
        <AddOnsSection addOns={addOns.data ?? []} list={list} />
      </PanelStates>
    </div>
  );
}
