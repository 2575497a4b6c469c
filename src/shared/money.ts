/** How an amount reads; the default is how prices, deposits and emails have always read ("$1250", "$50"). */
export interface MoneyStyle {
  /** Show cents even on a whole amount: "$50.00", for an amount about to be paid. */
  alwaysCents?: boolean;
  /** Thousands separators: "$1,250", as the owner's charts and the booking page write dollars. */
  grouped?: boolean;
}

/** The four formatters, made once each: making one costs far more than formatting (a list of prices renders many). */
const formatters = new Map<string, Intl.NumberFormat>();

function usd(dollars: number, { alwaysCents = false, grouped = false }: MoneyStyle): string {
  const whole = !alwaysCents && Number.isInteger(dollars);
  const key = `${whole}/${grouped}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', useGrouping: grouped, minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 });
    formatters.set(key, format);
  }
  return format.format(dollars);
}

/** US cents as people read a price: 5000 -> "$50", 5050 -> "$50.50". */
export function formatCents(cents: number, style: MoneyStyle = {}): string {
  return usd(cents / 100, style);
}

/** Whole US dollars (with up to two decimals) as text, styled as `formatCents` does: 12.5 -> "$12.50". */
export function formatDollars(dollars: number, style: MoneyStyle = {}): string {
  return usd(dollars, style);
}
