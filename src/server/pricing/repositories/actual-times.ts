import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings } from '../../db/schema';
import type { PricedLine } from '../../../shared/schemas/price-list';

/** A completed job with its real time, once per price list item one of its lines names. */
export interface TimedJobOfItem {
  itemId: number;
  actualMinutes: number;
  lines: PricedLine[];
}

/**
 * For every item that item lines of completed jobs name (`itemId`, stored since the real times),
 * its `perItem` most recent such jobs with a real time, the latest start first (then the newest
 * booking), each with all its lines: an item's share of a job depends on the job's other lines.
 * An item named twice in one job has that job once.
 */
export async function listRecentTimedJobs(db: DbOrTx, perItem: number): Promise<TimedJobOfItem[]> {
  const result = (await db.execute(sql`
    select t.item_id, t.actual_minutes, t.lines
      from (
        select j.item_id, ${bookings.actualMinutes} as actual_minutes, ${bookings.lines} as lines,
               row_number() over (partition by j.item_id order by ${bookings.startsAt} desc, ${bookings.id} desc) as n
          from ${bookings}
          cross join lateral (
            select distinct (l->>'itemId')::bigint as item_id
              from jsonb_array_elements(${bookings.lines}) as l
             where jsonb_typeof(l->'itemId') = 'number'
          ) as j
         where ${bookings.status} = 'completed' and ${bookings.actualMinutes} is not null
      ) as t
     where t.n <= ${perItem}
     order by t.item_id, t.n
  `)) as unknown as { rows: { item_id: string | number; actual_minutes: number; lines: PricedLine[] }[] };
  return result.rows.map((r) => ({ itemId: Number(r.item_id), actualMinutes: r.actual_minutes, lines: r.lines }));
}
