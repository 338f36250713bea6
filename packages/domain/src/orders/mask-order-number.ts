/**
 * requirements#reviews: a reviewer's order number as other shoppers see it, the prefix and year and
 * the last 4 characters kept ('OD20261120107331' -> 'OD2026…7331'). Anything too short to hide a
 * part of is hidden whole, so a stranger never reads an order number they could quote to support.
 */
export function maskOrderNumber(orderNo: string): string {
  const value = orderNo.trim();
  if (value.length <= 10) return '…';
  return `${value.slice(0, 6)}…${value.slice(-4)}`;
}
