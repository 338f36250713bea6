// requirements#tcs-law: the rate an e-commerce operator collects tax at source at under CGST Act
// s. 52(1), as effective-dated rows (ADR-0043, as tds-law.ts does for TDS): a supply takes the row in
// force on its document's date (India's calendar day), so a credit note, a restated export or a past
// month's GSTR-8 keep the rate their supplies bore.
import { divideRounded } from '../money/money.ts';
import type { SupplyKind } from '../tax/gst.ts';

// India has one time zone and no daylight saving: UTC+05:30
const IST_OFFSET_MS = 330 * 60_000;

export type TcsLaw = {
  /** the first Indian day the row applies to supplies documented on it, YYYY-MM-DD */
  from: string;
  /** the whole rate, hundredths of a percent: IGST on an inter-state supply, CGST + SGST (half each) within a state */
  rateBasisPoints: number;
  /** where the row comes from, cited in docs/requirements.md */
  source: string;
};

/** The rows, oldest first. Add a row for a change; never edit one whose day has come (a supply keeps its law). */
export const TCS_LAW: readonly TcsLaw[] = [
  {
    from: '2018-10-01',
    rateBasisPoints: 100,
    source:
      'Notification 52/2018-Central Tax and 02/2018-Integrated Tax, 20 Sep 2018: 0.5 % CGST + 0.5 % SGST or 1 % IGST, from 1 Oct 2018 (Notification 51/2018-Central Tax)',
  },
  {
    from: '2024-07-10',
    rateBasisPoints: 50,
    source:
      'Notification 15/2024-Central Tax and 01/2024-Integrated Tax, 10 Jul 2024: 0.25 % CGST + 0.25 % SGST or 0.5 % IGST',
  },
];

/** The Indian calendar day of a moment, YYYY-MM-DD. */
const indianDay = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** The row in force on a supply's document date (its Indian day); a RangeError before the first. */
export function tcsLawOn(documentDate: Date, rows: readonly TcsLaw[] = TCS_LAW): TcsLaw {
  if (!(documentDate instanceof Date) || Number.isNaN(documentDate.getTime()))
    throw new RangeError('Not a valid instant');
  const day = indianDay(documentDate);
  let found: TcsLaw | undefined;
  for (const row of rows) if (row.from <= day && (!found || row.from >= found.from)) found = row;
  if (!found) throw new RangeError(`No TCS under s. 52 for a supply on ${day}`);
  return found;
}

/** The TCS rate in force on a day, basis points of the whole (both halves within a state). */
export const tcsBasisPointsOn = (documentDate: Date): number => tcsLawOn(documentDate).rateBasisPoints;

export type Tcs = { cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number };

const BASIS_POINTS = 10_000;

/**
 * TCS on a net taxable value (negative for returns) at the rate in force on the supply's document
 * date: inter-state the whole rate as IGST; within a state half as CGST and half as SGST, each
 * rounded to the paisa on its own. Half a paisa rounds away from zero.
 */
export function tcsOf(netTaxablePaise: number, kind: SupplyKind, documentDate: Date): Tcs {
  if (!Number.isSafeInteger(netTaxablePaise))
    throw new RangeError(`A taxable value is whole paise: ${netTaxablePaise}`);
  const rate = tcsBasisPointsOn(documentDate);
  if (kind === 'inter') {
    const igstPaise = divideRounded(netTaxablePaise * rate, BASIS_POINTS);
    return { cgstPaise: 0, sgstPaise: 0, igstPaise, totalPaise: igstPaise };
  }
  // a rate of whole basis points has halves of half a basis point at most: scale by 2 to stay whole
  const half = divideRounded(netTaxablePaise * rate, 2 * BASIS_POINTS);
  return { cgstPaise: half, sgstPaise: half, igstPaise: 0, totalPaise: half + half };
}
