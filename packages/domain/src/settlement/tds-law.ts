// requirements#tds-law: the income-tax law an e-commerce operator deducts TDS under, as effective-dated
// rows (ADR-0043): which Act and provision, the rates with and without a PAN, and the
// yearly amount within which an individual or HUF seller with a PAN is left alone. A credit takes
// the row in force on its credit date (India's calendar day); nothing else in the code knows a date.
import { divideRounded } from '../money/money.ts';
import { PAN_PATTERN } from '../sellers/tax-identity.ts';

// India has one time zone and no daylight saving: UTC+05:30
const IST_OFFSET_MS = 330 * 60_000;

export type TdsLaw = {
  /** the first Indian day the row applies to credits made on it, YYYY-MM-DD */
  from: string;
  act: 'Income-tax Act, 1961' | 'Income-tax Act, 2025';
  /** the deducting provision, as a return or certificate names it */
  provision: string;
  /** how documents, statements and exports name it, short */
  shortName: string;
  /** in hundredths of a percent: 10 is 0.1 % */
  rateBasisPoints: number;
  /** the rate for a seller who has given no PAN (nor Aadhaar) */
  noPanRateBasisPoints: number;
  noPanProvision: string;
  /** an individual or HUF seller with a PAN whose gross amount in the tax year stays within it has nothing deducted */
  exemptUpToPaise: number;
  exemptionProvision: string;
  /** where the row comes from, cited in docs/requirements.md */
  source: string;
};

const FIVE_LAKH_PAISE = 5_00_000_00;

/** The rows, oldest first. Add a row for a change; never edit one whose day has come (a credit keeps its law). */
export const TDS_LAW: readonly TdsLaw[] = [
  {
    from: '2020-10-01',
    act: 'Income-tax Act, 1961',
    provision: 'section 194-O of the Income-tax Act, 1961',
    shortName: 'section 194-O',
    rateBasisPoints: 100,
    noPanRateBasisPoints: 500,
    noPanProvision: 'section 206AA(1), proviso (5 % for section 194-O)',
    exemptUpToPaise: FIVE_LAKH_PAISE,
    exemptionProvision: 'section 194-O(2) of the Income-tax Act, 1961',
    source: 'Finance Act, 2020 (s. 194-O inserted with effect from 1 Oct 2020, 1 %)',
  },
  {
    from: '2024-10-01',
    act: 'Income-tax Act, 1961',
    provision: 'section 194-O of the Income-tax Act, 1961',
    shortName: 'section 194-O',
    rateBasisPoints: 10,
    noPanRateBasisPoints: 500,
    noPanProvision: 'section 206AA(1), proviso (5 % for section 194-O)',
    exemptUpToPaise: FIVE_LAKH_PAISE,
    exemptionProvision: 'section 194-O(2) of the Income-tax Act, 1961',
    source: 'Finance (No. 2) Act, 2024 (rate 1 % → 0.1 % from 1 Oct 2024)',
  },
  {
    from: '2026-04-01',
    act: 'Income-tax Act, 2025',
    provision: 'section 393(1) [Table: Sl. No. 8(v)] of the Income-tax Act, 2025',
    shortName: 'section 393(1) Sl. No. 8(v), Income-tax Act, 2025',
    rateBasisPoints: 10,
    noPanRateBasisPoints: 500,
    noPanProvision: 'the no-PAN rate of the Income-tax Act, 2025 (successor of s. 206AA), 5 % for e-commerce',
    exemptUpToPaise: FIVE_LAKH_PAISE,
    exemptionProvision: 'section 393(4) [Table: Sl. No. 11] of the Income-tax Act, 2025',
    source: 'Income-tax Act, 2025 (Act 30 of 2025), in force 1 Apr 2026',
  },
];

/** The Indian calendar day of a moment, YYYY-MM-DD. */
const indianDay = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** The row in force on a credit's date (its Indian day); a RangeError before the first. */
export function tdsLawOn(creditedAt: Date, rows: readonly TdsLaw[] = TDS_LAW): TdsLaw {
  if (!(creditedAt instanceof Date) || Number.isNaN(creditedAt.getTime()))
    throw new RangeError('Not a valid instant');
  const day = indianDay(creditedAt);
  let found: TdsLaw | undefined;
  for (const row of rows) if (row.from <= day && (!found || row.from >= found.from)) found = row;
  if (!found) throw new RangeError(`No TDS law for a credit on ${day}`);
  return found;
}

/** Who holds a PAN, by its fourth character: P an individual, H a Hindu undivided family. */
export type PanHolder = 'individual' | 'huf' | 'other';
export function panHolderOf(pan: string): PanHolder {
  const kind = PAN_PATTERN.test(pan) ? pan.charAt(3) : '';
  return kind === 'P' ? 'individual' : kind === 'H' ? 'huf' : 'other';
}

export type TdsCredit = {
  /** the amount credited (the sale's taxable value: CBDT circular 17/2020 leaves out GST shown apart) */
  amountPaise: number;
  creditedAt: Date;
  /** the seller's PAN (its own, or the one inside its GSTIN); null without either */
  pan: string | null;
  /** the gross amount credited to the seller through us earlier in the same tax year */
  grossBeforePaise: number;
};

export type TdsDeduction = {
  tdsPaise: number;
  law: TdsLaw;
  /** the rate applied, basis points; 0 while an individual or HUF is within the yearly amount */
  rateBasisPoints: number;
  /** the amount the rate was applied to: the credit, or the whole year so far when the credit crosses the yearly amount */
  basePaise: number;
};

/**
 * The TDS on a credit under the law in force on its date: 5 % without a PAN; with one, 0.1 % of the
 * credit, except an individual or HUF whose gross amount in the tax year stays within ₹5 lakh, who has
 * nothing deducted. The credit that takes the year above ₹5 lakh carries the deduction on the whole
 * year so far (the exemption no longer holds for that year), each later one on itself.
 */
export function tdsOn(credit: TdsCredit): TdsDeduction {
  const { amountPaise, grossBeforePaise, pan } = credit;
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0)
    throw new RangeError(`A credit is whole paise, not negative: ${amountPaise}`);
  if (!Number.isSafeInteger(grossBeforePaise) || grossBeforePaise < 0)
    throw new RangeError(`An earlier gross is whole paise, not negative: ${grossBeforePaise}`);
  const law = tdsLawOn(credit.creditedAt);
  const at = (rateBasisPoints: number, basePaise: number): TdsDeduction => ({
    tdsPaise: divideRounded(basePaise * rateBasisPoints, 10_000),
    law,
    rateBasisPoints,
    basePaise,
  });
  if (!pan) return at(law.noPanRateBasisPoints, amountPaise);
  if (panHolderOf(pan) === 'other') return at(law.rateBasisPoints, amountPaise);
  const after = grossBeforePaise + amountPaise;
  if (after <= law.exemptUpToPaise) return at(0, amountPaise);
  if (grossBeforePaise <= law.exemptUpToPaise) return at(law.rateBasisPoints, after);
  return at(law.rateBasisPoints, amountPaise);
}

/** A rate in basis points as a percentage text: 10 → '0.1', 500 → '5', 0 → '0'. */
export const rateText = (basisPoints: number) => String(basisPoints / 100);

/** The tax year (India's financial year, April to March) a credit falls in, as '2026-27'. */
export function taxYearOf(at: Date): string {
  const day = indianDay(at);
  const year = Number(day.slice(0, 4));
  const start = Number(day.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
