import { createQuoteSchema, type CreateQuoteInput } from '../../../../shared/schemas/estimates';
import type { PriceList } from '../../../../shared/schemas/price-list';

/** One line of the quote form as typed: every box is text; `pick` names the price-list entry it came from. */
export interface LineDraft {
  /** '' for free text, `item:ID` for a price-list item, `addon:ID` for an add-on (priced as one, sent as free text). */
  pick: string;
  description: string;
  quantity: string;
  /** Per unit, in dollars as the owner types them: "120", "89.50", "$1,200". */
  unitPrice: string;
  /** The whole line's minutes. */
  minutes: string;
}

export interface QuoteDraft {
  lines: LineDraft[];
  note: string;
  validDays: string;
}

export const emptyLine = (): LineDraft => ({ pick: '', description: '', quantity: '1', unitPrice: '', minutes: '' });

export const DOLLARS_MESSAGE = 'Enter the price in dollars, like 120 or 89.50';
const MAX_DOLLARS = 100_000;

/** "$1,200.5" -> 120050; null for anything that is not an amount of dollars with at most two decimals. */
export function dollarsToCents(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[1].replaceAll(',', '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_DOLLARS * 100 ? cents : null;
}

/** 12050 -> "120.50", 12000 -> "120": how a price-list amount fills the dollars box. */
export function centsToDollarsText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

const wholeOrNaN = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The running total (cents) and length (minutes) of the lines as typed; a line not yet readable counts nothing. */
export function draftTotals(lines: readonly LineDraft[]): { totalCents: number; minutes: number } {
  let totalCents = 0;
  let minutes = 0;
  for (const line of lines) {
    const quantity = wholeOrNaN(line.quantity);
    const cents = dollarsToCents(line.unitPrice);
    if (Number.isInteger(quantity) && cents !== null) totalCents += quantity * cents;
    const lineMinutes = wholeOrNaN(line.minutes);
    if (Number.isInteger(lineMinutes)) minutes += lineMinutes;
  }
  return { totalCents, minutes };
}

/** A price-list entry a line can start from: its name, unit price and minutes per unit. */
export interface LinePreset {
  itemId?: number;
  name: string;
  priceCents: number;
  minutes: number;
}

/** The presets of the price list by their `pick` value (`item:ID`, `addon:ID`). */
export function presetsOf(list: PriceList | undefined): Map<string, LinePreset> {
  const presets = new Map<string, LinePreset>();
  for (const service of list ?? []) {
    for (const item of service.items) {
      presets.set(`item:${item.id}`, { itemId: item.id, name: item.name, priceCents: item.priceCents, minutes: item.minutes });
      for (const addOn of item.addOns) presets.set(`addon:${addOn.id}`, { name: addOn.name, priceCents: addOn.priceCents, minutes: addOn.minutes });
    }
  }
  return presets;
}

/** The field of the form a message of POST .../quote's belongs to (`lines.0.unitCents` is the dollars box). */
export function formFieldOf(path: string): string {
  return path.replace(/^(lines\.\d+)\.unitCents$/, '$1.unitPrice').replace(/^(lines\.\d+)\.itemId$/, '$1.pick');
}

/**
 * The draft as POST /api/admin/estimates/:id/quote takes it, checked with the route's own schema
 * (the dollars turned into whole cents first), or the messages by the form's field paths.
 */
export function quoteInput(draft: QuoteDraft, presets: Map<string, LinePreset>): { ok: true; input: CreateQuoteInput } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const lines = draft.lines.map((line, i) => {
    const unitCents = dollarsToCents(line.unitPrice);
    if (unitCents === null) errors[`lines.${i}.unitPrice`] = DOLLARS_MESSAGE;
    const itemId = presets.get(line.pick)?.itemId;
    return { ...(itemId === undefined ? {} : { itemId }), description: line.description, quantity: wholeOrNaN(line.quantity), unitCents: unitCents ?? 0, minutes: wholeOrNaN(line.minutes) };
  });
  const parsed = createQuoteSchema.safeParse({ lines, note: draft.note, validDays: wholeOrNaN(draft.validDays) });
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, input: parsed.data };
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = formFieldOf(issue.path.join('.'));
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
