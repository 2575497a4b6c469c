/** Dollars as "$50.00" (for amounts to pay) or, with `whole`, "$50" (for running text). */
export function formatUsd(dollars: number, options: { whole?: boolean } = {}): string {
  const whole = options.whole && Number.isInteger(dollars);
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: whole ? 0 : 2 }).format(dollars);
}
