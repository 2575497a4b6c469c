import { desc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, contactSubmissions, users } from '../../db/schema';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Everyone the business knows by email: bookers (guests or not), customer accounts, and people
 * who wrote through the contact form (messages the bot check refused left out). One row per
 * source; the queries below group them by lower(email).
 */
const people = sql`
  select lower(${bookings.email}) as key, ${bookings.fullName} as name, ${bookings.phone} as phone, ${bookings.createdAt} as at, 'booking' as kind,
         ${bookings.bookingDate} as booking_date, ${bookings.status} as status
    from ${bookings}
  union all
  select lower(${users.email}), ${users.fullName}, ${users.phone}, greatest(${users.createdAt}, ${users.lastLogin}), 'account', null, null
    from ${users} where ${users.role} = 'customer'
  union all
  select lower(${contactSubmissions.email}), ${contactSubmissions.fullName}, null, ${contactSubmissions.createdAt}, 'message', null, null
    from ${contactSubmissions} where ${contactSubmissions.botCheck} <> 'failed'
`;

/** One customer's figures from the grouped rows `p`: the name is the account's, else the latest booking's, else the latest message's; the phone the account's, else the latest booking's. */
const figures = (today: string) => sql`p.key,
  (array_agg(p.name order by (p.kind = 'account') desc, (p.kind = 'booking') desc, p.at desc nulls last))[1] as name,
  (array_agg(p.phone order by (p.phone is not null and p.phone <> '') desc, (p.kind = 'account') desc, p.at desc nulls last))[1] as phone,
  bool_or(p.kind = 'account') as has_account,
  count(*) filter (where p.kind = 'booking')::int as bookings,
  count(*) filter (where p.kind = 'booking' and p.status <> 'cancelled' and p.booking_date >= ${today}::date)::int as upcoming,
  count(*) filter (where p.kind = 'message')::int as messages,
  max(p.at) as last_activity`;

interface CustomerRow {
  key: string;
  name: string;
  phone: string | null;
  has_account: boolean;
  bookings: number | string;
  upcoming: number | string;
  messages: number | string;
  last_activity: Date | string;
  total: number | string;
}

export interface CustomerFigures {
  email: string;
  name: string;
  phone: string | null;
  hasAccount: boolean;
  bookings: number;
  upcoming: number;
  messages: number;
  lastActivityAt: Date;
}

function toFigures(r: CustomerRow): CustomerFigures {
  return {
    email: r.key,
    name: r.name,
    phone: r.phone && r.phone.trim() ? r.phone : null,
    hasAccount: Boolean(r.has_account),
    bookings: Number(r.bookings),
    upcoming: Number(r.upcoming),
    messages: Number(r.messages),
    lastActivityAt: r.last_activity instanceof Date ? r.last_activity : new Date(r.last_activity),
  };
}

/**
 * Customers whose name, email or phone (on any of their rows) contains `q` in any case, most
 * recent activity first, at most `limit`, with the number matching. Phone numbers also match on
 * their digits alone, so "310 555" finds "(310) 555-0142". The name and phone shown are the
 * account's when there is one, else the latest booking's.
 */
export async function searchCustomers(db: DbOrTx, p: { q: string; today: string; limit: number }): Promise<{ rows: CustomerFigures[]; total: number }> {
  const pattern = `%${escapeLike(p.q)}%`;
  const digits = p.q.replace(/\D/g, '');
  const match = p.q
    ? sql`having bool_or(p.name ilike ${pattern} or p.key ilike ${pattern} or coalesce(p.phone, '') ilike ${pattern}
            or (${digits.length >= 3} and regexp_replace(coalesce(p.phone, ''), '\\D', '', 'g') like ${`%${digits}%`}))`
    : sql``;
  const result = (await db.execute(sql`
    select ${figures(p.today)},
           count(*) over ()::int as total
      from (${people}) p
     group by p.key
     ${match}
     order by max(p.at) desc nulls last, p.key
     limit ${p.limit}
  `)) as unknown as { rows: CustomerRow[] };
  return { rows: result.rows.map(toFigures), total: result.rows.length ? Number(result.rows[0].total) : 0 };
}

/** One customer's figures by exact address (any case), or null when nobody has it. */
export async function findCustomer(db: DbOrTx, p: { email: string; today: string }) {
  const key = p.email.toLowerCase();
  const result = (await db.execute(sql`
    select ${figures(p.today)},
           1 as total
      from (${people}) p
     where p.key = ${key}
     group by p.key
  `)) as unknown as { rows: CustomerRow[] };
  return result.rows[0] ? toFigures(result.rows[0]) : null;
}

export async function findCustomerAccountSince(db: DbOrTx, email: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()} and ${users.role} = 'customer'`)
    .limit(1);
  return row?.createdAt ?? null;
}

/** The customer's bookings, newest appointment first (capped: a lifetime of jobs fits). */
export function listCustomerBookings(db: DbOrTx, email: string, limit: number) {
  return db
    .select()
    .from(bookings)
    .where(sql`lower(${bookings.email}) = ${email.toLowerCase()}`)
    .orderBy(desc(bookings.startsAt), desc(bookings.id))
    .limit(limit);
}

/** The customer's contact messages (those the bot check refused left out), newest first. */
export function listCustomerMessages(db: DbOrTx, email: string, limit: number) {
  return db
    .select()
    .from(contactSubmissions)
    .where(sql`lower(${contactSubmissions.email}) = ${email.toLowerCase()} and ${contactSubmissions.botCheck} <> 'failed'`)
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
    .limit(limit);
}
