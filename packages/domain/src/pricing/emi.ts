import { divideRounded } from '../money/money.ts';

/** The EMI plans offered on the product page: tenure in months and the annual interest rate. */
export const EMI_PLANS: readonly { months: number; annualRatePercent: number }[] = [
  { months: 3, annualRatePercent: 0 },
  { months: 6, annualRatePercent: 13 },
  { months: 9, annualRatePercent: 14 },
  { months: 12, annualRatePercent: 15 },
];

/** Card issuers convert purchases to EMI from ₹3,000 up. */
export const MIN_EMI_PRICE_PAISE = 300_000;

export type EmiOffer = {
  months: number;
  annualRatePercent: number;
  monthlyPaise: number;
  interestPaise: number;
  isNoCost: boolean;
};

/**
 * The monthly instalment of a reducing-balance loan, P r (1+r)^n / ((1+r)^n - 1) with r the monthly
 * rate, to the nearest paisa; a 0% plan is the price split evenly (the last month absorbs nothing:
 * shown rounded, as banks show it).
 */
export function emiMonthlyPaise(pricePaise: number, months: number, annualRatePercent: number): number {
  if (!Number.isSafeInteger(pricePaise) || pricePaise < 0) throw new RangeError(`Bad price ${pricePaise}`);
  if (!Number.isSafeInteger(months) || months < 1) throw new RangeError(`Bad tenure ${months}`);
  if (!Number.isFinite(annualRatePercent) || annualRatePercent < 0) {
    throw new RangeError(`Bad rate ${annualRatePercent}`);
  }
  if (annualRatePercent === 0) return divideRounded(pricePaise, months);
  const r = annualRatePercent / 1200;
  const growth = (1 + r) ** months;
  return Math.round((pricePaise * r * growth) / (growth - 1));
}

/** The EMI table for a price: every plan, or none below the minimum EMI price. */
export function emiOffers(pricePaise: number, plans = EMI_PLANS): EmiOffer[] {
  if (!Number.isSafeInteger(pricePaise) || pricePaise < MIN_EMI_PRICE_PAISE) return [];
  return plans.map(({ months, annualRatePercent }) => {
    const monthlyPaise = emiMonthlyPaise(pricePaise, months, annualRatePercent);
    return {
      months,
      annualRatePercent,
      monthlyPaise,
      interestPaise: Math.max(0, monthlyPaise * months - pricePaise),
      isNoCost: annualRatePercent === 0,
    };
  });
}
