// Money is integer paise everywhere (requirements#money); rupees exist only at the edges for display.

/** An amount in paise, always an integer. */
export type Paise = number;

const INR_FORMAT = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
});

/** Display form of an amount in paise: 12345600 -> '₹1,23,456.00' (Indian digit grouping). */
export function formatInr(paise: number): string {
  // `+ 0` turns -0 into 0 so a zero amount never shows as '-₹0.00'
  return INR_FORMAT.format(paise / 100 + 0);
}

/** Rounds half away from zero (2.5 -> 3, -2.5 -> -3), never returning -0. */
export function roundHalfAwayFromZero(value: number): number {
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  return rounded + 0;
}

/**
 * numerator / denominator rounded to the nearest integer, half away from zero. Exact for integer
 * inputs (no floating-point error even past 2^53 in the product), so money maths stays exact.
 */
export function divideRounded(numerator: number, denominator: number): number {
  if (denominator === 0 || !Number.isFinite(denominator) || !Number.isFinite(numerator)) {
    throw new RangeError(`Cannot divide ${numerator} by ${denominator}`);
  }
  if (!Number.isInteger(numerator) || !Number.isInteger(denominator)) {
    return roundHalfAwayFromZero(numerator / denominator);
  }
  const negative = numerator < 0 !== denominator < 0;
  const n = BigInt(Math.abs(numerator));
  const d = BigInt(Math.abs(denominator));
  const quotient = n / d;
  const magnitude = Number(2n * (n % d) >= d ? quotient + 1n : quotient);
  return negative ? -magnitude + 0 : magnitude;
}

/** Rupees (possibly fractional, e.g. 1.005) to integer paise, rounded to the nearest paisa. */
export function rupeesToPaise(rupees: number): number {
  if (!Number.isFinite(rupees)) throw new RangeError(`Not an amount of rupees: ${rupees}`);
  // toPrecision(15) drops binary noise first: 1.005 * 100 is 100.49999999999999 in floating point
  return roundHalfAwayFromZero(Number((rupees * 100).toPrecision(15)));
}

/** Paise to rupees, for display or for a third party that wants rupees. */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/**
 * Splits an integer `total` into integer parts proportional to `weights` that sum exactly to
 * `total` (largest remainder, as Vendure splits order-level amounts across lines). Each part gets
 * the floor of its exact share; the leftover units go one each to the largest remainders, ties to
 * the earlier index. All-zero weights split evenly. A negative total is split as its magnitude.
 */
export function allocateLargestRemainder(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total)) throw new RangeError(`Total must be an integer, got ${total}`);
  for (const weight of weights) {
    if (!Number.isFinite(weight) || weight < 0) {
      throw new RangeError(`Weights must be finite and not negative, got ${weight}`);
    }
  }
  if (weights.length === 0) {
    if (total === 0) return [];
    throw new RangeError(`Cannot allocate ${total} over no weights`);
  }
  if (total < 0) return allocateLargestRemainder(-total, weights).map((part) => -part + 0);

  const effective = weights.every((weight) => weight === 0) ? weights.map(() => 1) : weights;
  const shares = effective.every(Number.isSafeInteger)
    ? integerShares(total, effective)
    : fractionalShares(total, effective);

  const parts = shares.map((share) => share.base);
  let leftover = total - parts.reduce((sum, part) => sum + part, 0);
  // largest remainder first, ties to the earlier index (the sort is stable)
  const order = shares
    .map((share, index) => ({ index, remainder: share.remainder }))
    .sort((a, b) => compareDescending(a.remainder, b.remainder));
  for (let i = 0; leftover > 0; i = (i + 1) % order.length) {
    const entry = order[i];
    if (entry === undefined) break;
    parts[entry.index] = (parts[entry.index] ?? 0) + 1;
    leftover -= 1;
  }
  // only floating-point weights can overshoot; take the excess back from the smallest remainders
  for (let i = order.length - 1; leftover < 0; i = (i - 1 + order.length) % order.length) {
    const entry = order[i];
    if (entry === undefined) break;
    const part = parts[entry.index] ?? 0;
    if (part > 0) {
      parts[entry.index] = part - 1;
      leftover += 1;
    }
  }
  return parts;
}

type Share<R extends number | bigint> = { base: number; remainder: R };

// Exact: every remainder is (total x weight) mod sum, all over the same denominator.
function integerShares(total: number, weights: readonly number[]): Share<bigint>[] {
  const bigTotal = BigInt(total);
  const sum = weights.reduce((acc, weight) => acc + BigInt(weight), 0n);
  return weights.map((weight) => {
    const product = bigTotal * BigInt(weight);
    return { base: Number(product / sum), remainder: product % sum };
  });
}

function fractionalShares(total: number, weights: readonly number[]): Share<number>[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  return weights.map((weight) => {
    const exact = (total * weight) / sum;
    const base = Math.floor(exact);
    return { base, remainder: exact - base };
  });
}

function compareDescending(a: number | bigint, b: number | bigint): number {
  return a > b ? -1 : a < b ? 1 : 0;
}

/**
 * requirements#discount-badge: discount percent = round((MRP - sale) / MRP x 100). Null when there is no discount to
 * show: MRP not positive, sale not below MRP, or a sale price that is not a valid amount.
 */
export function discountPercent(mrpPaise: number, salePaise: number): number | null {
  if (!Number.isFinite(mrpPaise) || !Number.isFinite(salePaise)) return null;
  if (mrpPaise <= 0 || salePaise < 0 || salePaise >= mrpPaise) return null;
  return divideRounded((mrpPaise - salePaise) * 100, mrpPaise);
}
