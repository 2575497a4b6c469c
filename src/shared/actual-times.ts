/**
 * Times that learn (issue 22, part 4; decision 0018, "Real times"): when the owner completes a job
 * they say how long it really took, and the price list compares each item's listed minutes with
 * what its jobs really took. Pure: the completed jobs come in, nothing is read.
 *
 * How a job's real time is shared out:
 * - Each line of the job (an item or an add-on, as priced when booked) gets the share of the real
 *   time that its minutes are of the job's listed minutes: real × line minutes ÷ the lines'
 *   minutes. A job listed at 4 h that took 5 h gives each line 25 % more than it listed.
 * - Only a line that names its item (`itemId`, stored since this rule) counts for that item;
 *   add-on lines and lines stored before take their share and count for none.
 * - One unit of an item took its lines' shares ÷ their quantities. Over its last jobs (the most
 *   recent first, at most ACTUAL_JOBS_COUNTED of them), the average is the minutes they gave it
 *   ÷ the units it had in them: a job of four dressers weighs four times one of a single dresser.
 */

/** How many of an item's most recent completed jobs (with a real time) its average reads. */
export const ACTUAL_JOBS_COUNTED = 20;

/** The most minutes a job can really take, as the owner types it: one day. */
export const MAX_ACTUAL_MINUTES = 1440;
export const ACTUAL_MINUTES_MESSAGE = `Enter the real time in whole minutes, from 1 to ${MAX_ACTUAL_MINUTES}`;

/** A line of a completed job as attribution reads it. */
export interface TimedLine {
  /** The price list item the line priced; none on add-on lines and on lines stored before item ids. */
  itemId?: number;
  quantity: number;
  /** The line's listed minutes in all (unit × quantity). */
  minutes: number;
}

export interface CompletedJob {
  /** How long the job really took, in minutes. */
  actualMinutes: number;
  lines: readonly TimedLine[];
}

/** Each line's share of the job's real time, in minutes (unrounded), in the lines' order. */
export function lineShares(job: CompletedJob): number[] {
  const listed = job.lines.reduce((sum, l) => sum + l.minutes, 0);
  // A job whose lines list no time at all says nothing about any of them.
  if (listed <= 0) return job.lines.map(() => 0);
  return job.lines.map((l) => (job.actualMinutes * l.minutes) / listed);
}

export interface ItemActualTime {
  /** The real minutes of one unit, rounded to the minute; null with no job to learn from. */
  averageActualMinutes: number | null;
  /** How many jobs the average reads (at most ACTUAL_JOBS_COUNTED). */
  actualJobCount: number;
}

/**
 * The real time of one unit of `itemId` over `jobs` (the most recent first): the first
 * ACTUAL_JOBS_COUNTED of them that have the item in a line with listed minutes.
 */
export function itemActualTime(itemId: number, jobs: readonly CompletedJob[]): ItemActualTime {
  let minutes = 0;
  let units = 0;
  let counted = 0;
  for (const job of jobs) {
    if (counted === ACTUAL_JOBS_COUNTED) break;
    const shares = lineShares(job);
    let jobUnits = 0;
    job.lines.forEach((line, i) => {
      if (line.itemId !== itemId || line.quantity <= 0 || line.minutes <= 0) return;
      minutes += shares[i]!;
      jobUnits += line.quantity;
    });
    if (jobUnits === 0) continue;
    units += jobUnits;
    counted += 1;
  }
  return { averageActualMinutes: units === 0 ? null : Math.round(minutes / units), actualJobCount: counted };
}

/** An item whose real time is more than 20 % off its listed minutes. */
export type TimeFlag = 'longer' | 'quicker';

export const TIME_FLAG_TEXT: Record<TimeFlag, string> = {
  longer: 'Takes longer than listed',
  quicker: 'Quicker than listed',
};

/** 'longer' or 'quicker' when the average is more than 20 % above or below the listed minutes; null otherwise or with no average. */
export function timeFlag(listedMinutes: number, averageActualMinutes: number | null): TimeFlag | null {
  if (averageActualMinutes === null || listedMinutes <= 0) return null;
  // In whole numbers (× 10), so 20 % of 45 minutes is exactly 9, with no float edge.
  if (averageActualMinutes * 10 > listedMinutes * 12) return 'longer';
  if (averageActualMinutes * 10 < listedMinutes * 8) return 'quicker';
  return null;
}
