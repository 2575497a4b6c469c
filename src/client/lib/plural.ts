/** 1 -> '1 booking', 1200 -> '1,200 bookings'. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
