// Display formats shared by the pages (dates: ./dates.ts). Formatters are made once: building an
// Intl formatter costs far more than using one, and a product page formats dozens of counts.

const COUNT_FORMAT = new Intl.NumberFormat('en-IN');

/** A count with Indian digit grouping: 1234567 -> '12,34,567'. */
export function formatCount(value: number): string {
  return COUNT_FORMAT.format(value);
}
