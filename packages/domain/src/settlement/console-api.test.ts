import { describe, expect, it } from 'vitest';
import {
  basisPointsText,
  COMMISSION_RULE_FORM_FIELDS,
  commissionRuleFromForm,
  type CommissionRuleFormValues,
  firstRuleDay,
  isMonthEnded,
  monthLabel,
  monthOf,
  monthStart,
  percentToBasisPoints,
  ruleStartProblem,
  SETTLEMENT_CONSOLE_MESSAGES as M,
  shiftMonth,
} from './console-api.ts';
import { COMMISSION_RULE_MESSAGES as F } from './fees.ts';

// requirements#settlement (ADR-0036)
describe('months as India counts them', () => {
  it('start at 00:00 IST on the first, which is 18:30 UTC the day before', () => {
    expect(monthStart('2026-11')?.toISOString()).toBe('2026-10-31T18:30:00.000Z');
    expect(monthStart('2026-12', 1)?.toISOString()).toBe('2026-12-31T18:30:00.000Z');
    expect(monthStart('2026-13')).toBeNull();
    expect(monthOf(new Date('2026-10-31T18:29:59Z'))).toBe('2026-10');
    expect(monthOf(new Date('2026-10-31T18:30:00Z'))).toBe('2026-11');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(monthLabel('2026-11')).toBe('November 2026');
  });

  it('end when the next month starts in India', () => {
    expect(isMonthEnded('2026-11', new Date('2026-11-30T18:29:59Z'))).toBe(false);
    expect(isMonthEnded('2026-11', new Date('2026-11-30T18:30:00Z'))).toBe(true);
  });
});

describe('a commission rule’s form', () => {
  const form = (changes: Partial<CommissionRuleFormValues> = {}): CommissionRuleFormValues => ({
    ...(Object.fromEntries(
      COMMISSION_RULE_FORM_FIELDS.map((name) => [name, '']),
    ) as CommissionRuleFormValues),
    scope: 'seller',
    categoryId: '7',
    targetId: '12',
    percent: '12.5',
    minimum: '5',
    shipping: '35.50',
    effectiveFrom: '2030-01-01',
    bandFrom0: '0',
    bandFee0: '5',
    bandFrom3: '500',
    bandFee3: '10',
    ...changes,
  });

  it('reads percentages with two decimals as basis points, and back', () => {
    expect(percentToBasisPoints('12.5')).toBe(1250);
    expect(percentToBasisPoints('0.05')).toBe(5);
    expect(percentToBasisPoints('100')).toBe(10_000);
    expect(percentToBasisPoints('12.345')).toBeNaN();
    expect(percentToBasisPoints('-1')).toBeNaN();
    expect(basisPointsText(1250)).toBe('12.5');
    expect(basisPointsText(1000)).toBe('10');
    expect(basisPointsText(1234)).toBe('12.34');
  });

  it('turns rupees into paise, skips blank bands and takes the id of the scope chosen', () => {
    const parsed = commissionRuleFromForm(form());
    expect(parsed).toEqual({
      ok: true,
      value: {
        scope: 'seller',
        scopeId: 12,
        percentBasisPoints: 1250,
        minimumPaise: 500,
        closingFees: [
          { fromPaise: 0, feePaise: 500 },
          { fromPaise: 50_000, feePaise: 1_000 },
        ],
        shippingFeePerSlabPaise: 3550,
        effectiveFrom: '2030-01-01',
      },
    });
    expect(commissionRuleFromForm(form({ scope: 'category' }))).toMatchObject({ value: { scopeId: 7 } });
    expect(commissionRuleFromForm(form({ scope: 'default' }))).toMatchObject({ value: { scopeId: null } });
  });

  it('says what is wrong with each field in the rule’s own words', () => {
    const parsed = commissionRuleFromForm(
      form({ percent: '101', minimum: '-5', bandFrom3: '0', shipping: 'free', targetId: '' }),
    );
    expect(parsed).toEqual({
      ok: false,
      fields: {
        scopeId: M.target,
        percentBasisPoints: F.percent,
        minimumPaise: F.minimum,
        closingFees: F.bandsAscending,
        shippingFeePerSlabPaise: F.shipping,
      },
    });
    expect(commissionRuleFromForm(form({ bandFee3: '' }))).toMatchObject({
      ok: false,
      fields: { closingFees: M.bandIncomplete },
    });
  });

  it('starts a rule after today only', () => {
    const now = new Date('2026-11-28T18:00:00Z'); // 23:30 IST on the 28th
    expect(firstRuleDay(now)).toBe('2026-11-29');
    expect(ruleStartProblem('2026-11-28', now)).toBe(M.effectiveFromPast);
    expect(ruleStartProblem('2026-11-29', now)).toBeNull();
    expect(ruleStartProblem('2026-02-30', now)).toBe(M.effectiveFrom);
  });
});
