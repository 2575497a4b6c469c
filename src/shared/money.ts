/** US cents as people read a price: 5000 -> "$50", 5050 -> "$50.50". */
export function formatCents(cents: number): string {
  return `$${cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2)}`;
}
