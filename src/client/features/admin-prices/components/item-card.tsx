import { Pencil, TriangleAlert, Users } from 'lucide-react';
import type { AdminPriceListItem } from '../../../../shared/schemas/admin-price-list';
import { TIME_FLAG_TEXT, timeFlag } from '../../../../shared/actual-times';
import { durationText } from '../../../../shared/duration-text';
import { DeleteButton } from '../../../components/admin/delete-button';
import { IconButton } from '../../../components/admin/icon-button';
import { useDeletePriceItem } from '../api/prices-api';
import { priceText } from '../utils/price-text';
import { ItemDialog } from './item-dialog';

const badgeClass = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold';

/** What the item's completed jobs really took, beside what it lists, flagged when more than 20 % off. */
function RealTime({ item }: { item: AdminPriceListItem }) {
  if (item.averageActualMinutes === null) return <p className="text-sm text-neutral-600">Real time: none yet (asked when you complete a job in Today).</p>;
  const flag = timeFlag(item.minutes, item.averageActualMinutes);
  const jobs = item.actualJobCount === 1 ? '1 job' : `${item.actualJobCount} jobs`;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-neutral-800">
      <span>
        Real time: {durationText(item.averageActualMinutes)} each <span className="text-neutral-600">(last {jobs})</span>
      </span>
      {flag && (
        <span className={`${badgeClass} ${flag === 'longer' ? 'bg-amber-100 text-amber-900' : 'bg-sky-100 text-sky-900'}`}>
          <TriangleAlert className="h-3.5 w-3.5" aria-hidden="true" />
          {TIME_FLAG_TEXT[flag]}
        </span>
      )}
    </p>
  );
}

/** One item of a service's list: price, listed and real time, crew, limit, order, offered or not. */
export function ItemCard({ item, serviceName }: { item: AdminPriceListItem; serviceName: string }) {
  const remove = useDeletePriceItem();
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-ink-950">{item.name}</h3>
        {item.twoPeople && (
          <span className={`${badgeClass} bg-ink-950 text-gold-200`}>
            <Users className="h-3.5 w-3.5" aria-hidden="true" />
            Two people
          </span>
        )}
        {!item.active && <span className={`${badgeClass} bg-neutral-200 text-neutral-800`}>Not offered</span>}
      </div>
      <p className="text-sm text-neutral-800">
        <span className="font-semibold text-ink-950">{priceText(item)}</span> · {durationText(item.minutes)} listed · up to {item.maxQuantity} per visit · order {item.sortOrder}
      </p>
      <RealTime item={item} />
      {item.description && <p className="text-sm text-neutral-700">{item.description}</p>}
      <div className="flex flex-wrap gap-2 pt-1">
        <ItemDialog item={item} serviceType={item.serviceType} serviceName={serviceName} trigger={<IconButton Icon={Pencil} srLabel={item.name}>Edit</IconButton>} />
        <DeleteButton
          mutation={remove}
          id={item.id}
          kind="item"
          srLabel={item.name}
          title={item.name}
          removed={`${item.name} is off the price list.`}
          warning="Visitors can no longer choose it, and it leaves its add-ons. Jobs already booked keep their lines."
        />
      </div>
    </>
  );
}
