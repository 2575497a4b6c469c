import { parseDollars } from '../../../lib/dollars';

/** The tips offered, in percent of the job's price before the deposit. */
export const TIP_PERCENTS = [15, 20, 25] as const;

export type TipChoice = 'none' | `${(typeof TIP_PERCENTS)[number]}` | 'other';

export const TIP_DOLLARS_MESSAGE = 'Enter a tip in dollars, such as 10 or 12.50';

/** `percent` % of `jobPriceCents`, to the cent, half a cent rounded up (whole-number arithmetic). */
export function percentTipCents(jobPriceCents: number, percent: number): number {
  return Math.floor((jobPriceCents * percent + 50) / 100);
}

/**
 * The tip chosen, in cents: none, a percentage of the job's price, or the dollars typed for
 * "Other amount" (null while they are not an amount). The server checks the most it takes.
 */
export function tipCentsOf(choice: TipChoice, otherText: string, jobPriceCents: number): number | null {
  if (choice === 'none') return 0;
  if (choice === 'other') return parseDollars(otherText);
  return percentTipCents(jobPriceCents, Number(choice));
}
