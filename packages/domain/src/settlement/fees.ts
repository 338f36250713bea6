// requirements#settlement: what the marketplace charges a seller for each item sold (commission,
// closing fee, shipping fee, and GST on each) and the tax deducted at source under income-tax
// section 194-O. Money is integer paise.
import { divideRounded } from '../money/money.ts';

/** GST on the platform's fees, in percent, charged on top of them (a service the seller receives). */
export const FEE_GST_RATE = 18;

/** What a commission rule applies to; the narrower scope wins (see ruleFor). */
export const COMMISSION_SCOPES = ['default', 'category', 'seller', 'product'] as const;
export type CommissionScope = (typeof COMMISSION_SCOPES)[number];

/** A price band of the closing fee: units priced from `fromPaise` up to the next band pay `feePaise` each. */
export type ClosingFeeBand = { fromPaise: number; feePaise: number };

export type CommissionRule = {
  id: number;
  scope: CommissionScope;
  /** the category, seller or product the rule is for; null for the default rule */
  scopeId: number | null;
  /** the commission on the goods' value, in hundredths of a percent: 1200 is 12 % */
  percentBasisPoints: number;
  /** the least commission per unit */
  minimumPaise: number;
  /** by unit price: ascending fromPaise, the first from 0 */
  closingFees: readonly ClosingFeeBand[];
  /** per unit, per 500 g slab of its weight or part of one */
  shippingFeePerSlabPaise: number;
  effectiveFrom: Date;
};

export const BASIS_POINTS = 10_000;
export const SHIPPING_SLAB_GRAMS = 500;
export const MAX_CLOSING_FEE_BANDS = 10;

/** The product being sold, its seller, and its category: leaf first, then its ancestors up to the root. */
export type FeeSubject = { productId: number; sellerId: number; categoryIds: readonly number[] };

// the latest effectiveFrom, ties to the higher id, so a correction entered later wins
const isLater = (a: CommissionRule, b: CommissionRule) =>
  (a.effectiveFrom.getTime() - b.effectiveFrom.getTime() || a.id - b.id) > 0;

function latest(rules: readonly CommissionRule[]): CommissionRule | null {
  return rules.reduce<CommissionRule | null>(
    (best, rule) => (best && !isLater(rule, best) ? best : rule),
    null,
  );
}

/**
 * The rule setting a sale's fees at `at`: among rules in effect by then, the product's beats the
 * seller's, which beats the nearest category's (the leaf before its parent), which beats the default;
 * within one scope and target the latest effectiveFrom wins, ties to the higher id. Null when none applies.
 */
export function ruleFor(
  rules: readonly CommissionRule[],
  subject: FeeSubject,
  at: Date,
): CommissionRule | null {
  const inEffect = rules.filter((rule) => rule.effectiveFrom.getTime() <= at.getTime());
  const forTarget = (scope: CommissionScope, scopeId: number | null) =>
    latest(
      inEffect.filter((rule) => rule.scope === scope && (scope === 'default' || rule.scopeId === scopeId)),
    );
  const specific = forTarget('product', subject.productId) ?? forTarget('seller', subject.sellerId);
  if (specific) return specific;
  for (const categoryId of subject.categoryIds) {
    const rule = forTarget('category', categoryId);
    if (rule) return rule;
  }
  return forTarget('default', null);
}

export const COMMISSION_RULE_MESSAGES = {
  scope: 'Choose what the rule applies to.',
  percent: 'Enter a commission between 0 and 100%.',
  minimum: 'Enter a minimum commission of ₹0 or more.',
  bandsStart: 'Start the closing fee bands at ₹0.',
  bandsAscending: 'List the closing fee bands from the lowest price up, each price once.',
  bandFee: 'Enter each closing fee as ₹0 or more.',
  bandsTooMany: 'Enter at most 10 closing fee bands.',
  shipping: 'Enter a shipping fee per 500 g of ₹0 or more.',
} as const;

export type CommissionRuleField =
  'scope' | 'percentBasisPoints' | 'minimumPaise' | 'closingFees' | 'shippingFeePerSlabPaise';

/** A rule as entered, before it is saved. */
export type CommissionRuleInput = Pick<CommissionRule, CommissionRuleField | 'scopeId'>;

const isWholePaise = (value: number) => Number.isSafeInteger(value) && value >= 0;

function bandsProblem(bands: readonly ClosingFeeBand[]): string | null {
  if (bands.length > MAX_CLOSING_FEE_BANDS) return COMMISSION_RULE_MESSAGES.bandsTooMany;
  if (bands[0]?.fromPaise !== 0) return COMMISSION_RULE_MESSAGES.bandsStart;
  for (const [index, band] of bands.entries()) {
    const previous = bands[index - 1];
    if (!isWholePaise(band.fromPaise) || (previous !== undefined && band.fromPaise <= previous.fromPaise))
      return COMMISSION_RULE_MESSAGES.bandsAscending;
    if (!isWholePaise(band.feePaise)) return COMMISSION_RULE_MESSAGES.bandFee;
  }
  return null;
}

/**
 * What is wrong with a commission rule, one message per field, so a form can show each next to its
 * field; empty when the rule may be saved.
 */
export function validateCommissionRule(
  rule: CommissionRuleInput,
): { field: CommissionRuleField; message: string }[] {
  const problems: { field: CommissionRuleField; message: string }[] = [];
  const scoped = (COMMISSION_SCOPES as readonly string[]).includes(rule.scope);
  const targeted = rule.scope === 'default' ? rule.scopeId === null : Number.isSafeInteger(rule.scopeId);
  if (!scoped || !targeted) problems.push({ field: 'scope', message: COMMISSION_RULE_MESSAGES.scope });
  const bps = rule.percentBasisPoints;
  if (!Number.isSafeInteger(bps) || bps < 0 || bps > BASIS_POINTS)
    problems.push({ field: 'percentBasisPoints', message: COMMISSION_RULE_MESSAGES.percent });
  if (!isWholePaise(rule.minimumPaise))
    problems.push({ field: 'minimumPaise', message: COMMISSION_RULE_MESSAGES.minimum });
  const bands = bandsProblem(rule.closingFees);
  if (bands) problems.push({ field: 'closingFees', message: bands });
  if (!isWholePaise(rule.shippingFeePerSlabPaise))
    problems.push({ field: 'shippingFeePerSlabPaise', message: COMMISSION_RULE_MESSAGES.shipping });
  return problems;
}

/** The closing fee per unit at a unit price: the fee of the last band starting at or below it. */
export function closingFeePerUnit(bands: readonly ClosingFeeBand[], unitPricePaise: number): number {
  let fee = 0;
  for (const band of bands) if (band.fromPaise <= unitPricePaise) fee = band.feePaise;
  return fee;
}

/** The shipping slabs of a unit: 500 g or part of one each, at least one even for a weightless unit. */
export function shippingSlabs(weightGrams: number): number {
  return Math.max(1, Math.ceil(weightGrams / SHIPPING_SLAB_GRAMS));
}

/** GST on one of the platform's fees, rounded to the paisa. */
export const feeGstOf = (feePaise: number): number => divideRounded(feePaise * FEE_GST_RATE, 100);

export type ItemFees = {
  commissionPaise: number;
  closingFeePaise: number;
  shippingFeePaise: number;
  commissionGstPaise: number;
  closingFeeGstPaise: number;
  shippingFeeGstPaise: number;
};

/** A sold item, per its invoice line. */
export type FeeItem = {
  quantity: number;
  unitPricePaise: number;
  /** per unit */
  weightGrams: number;
  /** the goods line's value, tax included, after discounts: what the shopper paid for the goods */
  goodsValuePaise: number;
};

/**
 * An item's fees under a rule: the commission on what the shopper paid for the goods (never under
 * the minimum per unit), the closing fee of the unit price's band and the shipping fee by weight
 * slabs, both per unit, and GST on each fee rounded to the paisa.
 */
export function itemFees(rule: CommissionRule, item: FeeItem): ItemFees {
  const problems = validateCommissionRule(rule);
  if (problems.length > 0)
    throw new RangeError(`Commission rule ${rule.id}: ${problems.map((p) => p.message).join(' ')}`);
  const { quantity, unitPricePaise, weightGrams, goodsValuePaise } = item;
  if (!Number.isSafeInteger(quantity) || quantity < 1)
    throw new RangeError(`A quantity is a whole number from 1: ${quantity}`);
  if (!isWholePaise(unitPricePaise) || !isWholePaise(goodsValuePaise))
    throw new RangeError(`Prices are whole paise, not negative: ${unitPricePaise}, ${goodsValuePaise}`);
  if (!Number.isFinite(weightGrams) || weightGrams < 0)
    throw new RangeError(`A weight is grams, not negative: ${weightGrams}`);
  const commissionPaise = Math.max(
    rule.minimumPaise * quantity,
    divideRounded(goodsValuePaise * rule.percentBasisPoints, BASIS_POINTS),
  );
  const closingFeePaise = closingFeePerUnit(rule.closingFees, unitPricePaise) * quantity;
  const shippingFeePaise = shippingSlabs(weightGrams) * rule.shippingFeePerSlabPaise * quantity;
  return {
    commissionPaise,
    closingFeePaise,
    shippingFeePaise,
    commissionGstPaise: feeGstOf(commissionPaise),
    closingFeeGstPaise: feeGstOf(closingFeePaise),
    shippingFeeGstPaise: feeGstOf(shippingFeePaise),
  };
}

// TCS under CGST Act s. 52 is in tcs-law.ts: its rate depends on the supply's date

/** Income-tax section 194-O: an e-commerce operator deducts 0.1 % of a seller's gross sales. */
export const TDS_BASIS_POINTS = 10;
/** Section 206AA: 5 % instead, for a seller who has not given a PAN. */
export const TDS_NO_PAN_BASIS_POINTS = 500;

/** TDS under section 194-O on an amount, at the higher no-PAN rate when the seller has none, rounded to the paisa. */
export function tdsOf(amountPaise: number, hasPan: boolean): number {
  if (!Number.isSafeInteger(amountPaise)) throw new RangeError(`An amount is whole paise: ${amountPaise}`);
  return divideRounded(amountPaise * (hasPan ? TDS_BASIS_POINTS : TDS_NO_PAN_BASIS_POINTS), BASIS_POINTS);
}
