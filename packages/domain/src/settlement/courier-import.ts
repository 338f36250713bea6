// requirements#courier-remittance-import: finance's "Import from courier": the courier's COD remittance report for some
// days, each transfer recorded once by its UTR, matched parcel by parcel; what differs is shown.
import { z } from 'zod';

/** At most this many days in one import: a quarter of transfers. */
export const COURIER_IMPORT_MAX_DAYS = 92;

export const COURIER_IMPORT_MESSAGES = {
  range: `Choose a from and a to day, at most ${COURIER_IMPORT_MAX_DAYS} days apart, not after today.`,
  unavailable: 'The courier could not be reached. Please try again in a few minutes.',
  alreadyRecorded: 'Recorded before: nothing changed.',
  notBooked: 'Not recorded: these differences need a look first.',
  unknownAwb: (awbNo: string) => `AWB ${awbNo} is not a COD parcel of ours with this courier.`,
  alreadyRemitted: (awbNo: string, utr: string) =>
    utr ? `${awbNo} was remitted already (UTR ${utr}).` : `${awbNo} was remitted already.`,
  moreThanCollected: (awbNo: string, theirs: string, ours: string) =>
    `AWB ${awbNo}: the courier reports ${theirs} collected, we recorded ${ours}.`,
  shortPaid: (awbNo: string, short: string) =>
    `AWB ${awbNo} is paid ${short} short: it stays owed by the courier.`,
  moreThanOwed: (over: string) => `The transfer and deductions exceed the parcels’ cash by ${over}.`,
  futureDay: 'The transfer’s day is after today.',
  summary: (all: number, recorded: number, differing: number) =>
    all === 0
      ? 'The courier reports no transfers for these days.'
      : `${all} ${all === 1 ? 'transfer' : 'transfers'} in the report: ${recorded} recorded now, ${differing} with differences, ${all - recorded - differing} recorded before.`,
} as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, COURIER_IMPORT_MESSAGES.range);
const DAY_MS = 86_400_000;
const dayNumber = (value: string) => Date.parse(`${value}T00:00:00Z`);

export const CourierImportInput = z
  .object({ from: day, to: day })
  .refine(
    ({ from, to }) =>
      new Date(dayNumber(from) || 0).toISOString().slice(0, 10) === from &&
      new Date(dayNumber(to) || 0).toISOString().slice(0, 10) === to &&
      dayNumber(from) <= dayNumber(to) &&
      (dayNumber(to) - dayNumber(from)) / DAY_MS < COURIER_IMPORT_MAX_DAYS,
    COURIER_IMPORT_MESSAGES.range,
  );
export type CourierImportInput = z.infer<typeof CourierImportInput>;

export const CourierImportLine = z.object({
  utr: z.string(),
  remittedOn: z.string(),
  amountPaise: z.number().int(),
  parcels: z.number().int(),
  status: z.enum(['recorded', 'already_recorded', 'differences']),
  message: z.string(),
  differences: z.array(z.string()),
  /** what stays owed by the courier after a recorded transfer */
  receivablePaise: z.number().int().nullable(),
});
export type CourierImportLine = z.infer<typeof CourierImportLine>;

export const CourierImportView = z
  .object({ message: z.string(), lines: z.array(CourierImportLine) })
  .meta({ id: 'CourierRemittanceImport' });
export type CourierImportView = z.infer<typeof CourierImportView>;
