// requirements#gst-tax: the GST rate schedule as the console shows it and finance staff add to it,
// and the HSN codes sellers pick from.
import { z } from 'zod';
import { indianDayToMoment } from '../marketing/promotions.ts';
import { CURRENT_GST_RATES_BP, HSN_PREFIX_PATTERN } from './rates.ts';

export const GST_RATE_MESSAGES = {
  hsnPrefix: 'Enter an HSN prefix of 2, 4, 6 or 8 digits.',
  description: 'Describe the goods in 1 to 200 characters, without control characters.',
  notification: 'Cite the notification in 1 to 200 characters, without control characters.',
  rate: 'Choose a GST rate in force: 0, 0.25, 1.5, 3, 5, 18 or 40 %.',
  effectiveFrom: 'Choose the day the rate takes effect (YYYY-MM-DD).',
  effectiveFromPast: 'A rate takes effect on a day after today: past rows are never changed.',
  threshold: 'A per-piece threshold is whole paise from ₹1 to ₹1 crore, with the rate above it.',
  rateAbove: 'Choose the rate above the threshold, different from the rate up to it.',
  duplicate: 'A row for this HSN prefix already takes effect on that day.',
  added: 'Rate added to the schedule.',
  query: 'Search with at most 60 characters, without control characters.',
  hsnSixDigits:
    'Sellers declaring turnover above ₹5 crore give the HSN code in 6 digits or more (Notification 78/2020-Central Tax).',
  hsnUnknown: 'This HSN code has no GST rate in the schedule: pick one from the list.',
} as const;
const M = GST_RATE_MESSAGES;

const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;
const text = (message: string) =>
  z
    .string({ error: message })
    .transform((value) => value.trim())
    .pipe(z.string().min(1, message).max(200, message).regex(NO_CONTROL, message));
const currentRate = (message: string) =>
  z
    .number({ error: message })
    .refine((rate) => (CURRENT_GST_RATES_BP as readonly number[]).includes(rate), message);

/** A row finance staff add: rates in basis points (1800 is 18 %), the threshold in paise. */
export const GstRateRowInput = z
  .object({
    hsnPrefix: z.string({ error: M.hsnPrefix }).regex(HSN_PREFIX_PATTERN, M.hsnPrefix),
    description: text(M.description),
    effectiveFrom: z
      .string({ error: M.effectiveFrom })
      .regex(/^\d{4}-\d{2}-\d{2}$/, M.effectiveFrom)
      .refine((day) => indianDayToMoment(day) !== null, M.effectiveFrom),
    rateBp: currentRate(M.rate),
    thresholdPaise: z
      .number({ error: M.threshold })
      .int(M.threshold)
      .min(100, M.threshold)
      .max(1_00_00_000_00, M.threshold)
      .nullable()
      .default(null),
    rateAboveBp: currentRate(M.rateAbove).nullable().default(null),
    notification: text(M.notification),
  })
  .superRefine((row, ctx) => {
    if ((row.thresholdPaise === null) !== (row.rateAboveBp === null))
      ctx.addIssue({
        code: 'custom',
        path: [row.thresholdPaise === null ? 'thresholdPaise' : 'rateAboveBp'],
        message: row.thresholdPaise === null ? M.threshold : M.rateAbove,
      });
    else if (row.rateAboveBp !== null && row.rateAboveBp === row.rateBp)
      ctx.addIssue({ code: 'custom', path: ['rateAboveBp'], message: M.rateAbove });
  });
export type GstRateRowInput = z.infer<typeof GstRateRowInput>;

export const GstRateRowView = z
  .object({
    id: z.number().int(),
    hsnPrefix: z.string(),
    description: z.string(),
    effectiveFrom: z.string().describe('The Indian day the row takes effect'),
    rateBp: z.number().int(),
    thresholdPaise: z.number().int().nullable(),
    rateAboveBp: z.number().int().nullable(),
    notification: z.string(),
    addedBy: z.string().nullable().describe('The staff member who added it; null when seeded from the law'),
    createdAt: z.string(),
    status: z.enum(['past', 'in_force', 'scheduled']),
  })
  .meta({ id: 'GstRateRow' });
export type GstRateRowView = z.infer<typeof GstRateRowView>;

export const GstRateSchedule = z
  .object({ today: z.string(), rows: z.array(GstRateRowView) })
  .meta({ id: 'GstRateSchedule' });
export type GstRateSchedule = z.infer<typeof GstRateSchedule>;

export const GstRateRowAdded = z
  .object({ message: z.string(), row: GstRateRowView })
  .meta({ id: 'GstRateRowAdded' });

/** A seller's search of HSN codes: digits match a prefix, words the description. */
export const HsnQuery = z.object({
  q: z
    .string()
    .max(60, M.query)
    .regex(NO_CONTROL, M.query)
    .default('')
    .transform((q) => q.trim()),
});

export const HsnOption = z.object({
  hsnCode: z.string(),
  description: z.string(),
  rateBp: z.number().int(),
  thresholdPaise: z.number().int().nullable(),
  rateAboveBp: z.number().int().nullable(),
  notification: z.string(),
});
export type HsnOption = z.infer<typeof HsnOption>;
export const HsnOptions = z
  .object({
    options: z.array(HsnOption),
    digitsRequired: z.union([z.literal(4), z.literal(6)]).describe('4 up to ₹5 crore turnover, 6 above'),
  })
  .meta({ id: 'HsnOptions' });
export type HsnOptions = z.infer<typeof HsnOptions>;
