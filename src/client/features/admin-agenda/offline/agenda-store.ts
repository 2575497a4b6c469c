import { agendaSchema, type Agenda } from '../../../../shared/schemas/admin-agenda';
import { CUSTOMER_DATA_PREFIX } from '../../../lib/device-data';

/**
 * Today's and tomorrow's jobs kept on the owner's phone, so Today reads with no signal (issue
 * 24: a basement, a van). Each day read from the server is written here with when it was read;
 * only the days around today are kept (customers' names, addresses and phones stay on the
 * device no longer than they are useful, and are forgotten at sign-out: lib/device-data).
 * localStorage: small and synchronous at start.
 */

const PREFIX = `${CUSTOMER_DATA_PREFIX}agenda-day:`;
/** How many days are kept at most (today, tomorrow, and a day or two the owner looked at). */
const KEEP = 4;

export interface StoredAgenda {
  agenda: Agenda;
  /** When the server answered, ms since the epoch. */
  savedAt: number;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Keeps a one-day agenda as the server gave it at `savedAt`, and forgets the oldest beyond KEEP. */
export function saveAgendaDay(date: string, agenda: Agenda, savedAt: number) {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(PREFIX + date, JSON.stringify({ agenda, savedAt }));
    const days = Object.keys(store)
      .filter((k) => k.startsWith(PREFIX))
      .sort();
    for (const key of days.slice(0, Math.max(0, days.length - KEEP))) store.removeItem(key);
  } catch {
    // Full or refused storage: Today still works online.
  }
}

/** The one-day agenda kept for `date`, or null (never kept, or not an agenda any more). */
export function loadAgendaDay(date: string): StoredAgenda | null {
  const raw = storage()?.getItem(PREFIX + date);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { agenda: unknown; savedAt: unknown };
    const agenda = agendaSchema.safeParse(parsed.agenda);
    return agenda.success && typeof parsed.savedAt === 'number' ? { agenda: agenda.data, savedAt: parsed.savedAt } : null;
  } catch {
    return null;
  }
}
