// ADR-0058: after a failed delivery attempt (an NDR, "non-delivery report"), the shopper, or the
// seller, tells the courier what to do: try again on a day soon, deliver to a corrected address
// or phone, or send the parcel back. Three failed attempts send it back by themselves.
import { z } from 'zod';
import { addDays, indiaDate } from './returns.ts';
import { formatCalendarDay } from '../text/dates.ts';
import { PINCODE_PATTERN } from '../location/pincode.ts';
import { MOBILE_PATTERN } from '../validation/common.ts';

/** A re-attempt is asked for one of the next this-many days (India's calendar). */
export const NDR_REATTEMPT_DAYS = 3;
export const NDR_ADDRESS_MAX = 200;

export const NDR_ACTIONS = ['re_attempt', 'change_address', 'change_phone', 'return_to_origin'] as const;
export type NdrActionKind = (typeof NDR_ACTIONS)[number];
/** Who chose: the shopper, the seller, or nobody (the courier tried again by itself). */
export const NDR_CHOSEN_BY = ['shopper', 'seller'] as const;

export const NDR_MESSAGES = {
  notAwaiting: 'This parcel is not waiting for a choice after a failed delivery.',
  alreadyChosen: 'A choice has already been sent to the courier for this attempt.',
  refused: (reason: string) => `The courier could not take this choice: ${reason}`,
  unavailable: 'The courier could not be reached. Please try again in a few minutes.',
  shipmentNotFound: 'No such shipment.',
  date: `Choose a day in the next ${NDR_REATTEMPT_DAYS} days.`,
  address: `Enter the address in 1 to ${NDR_ADDRESS_MAX} characters.`,
  pincode: 'Pincode must be six digits.',
  phone: 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9.',
  action: 'Choose what the courier should do.',
  chosen: {
    re_attempt: (day: string) => `The courier will try again on ${formatCalendarDay(day)}.`,
    change_address: 'The courier will deliver to the corrected address on the next attempt.',
    change_phone: 'The courier will call the new number on the next attempt.',
    return_to_origin: 'The parcel is going back to the seller. Your money will be refunded.',
  },
  attempted: (orderNo: string) =>
    `The courier could not deliver your parcel of order ${orderNo}. Tell us what to do: another attempt on a day you choose, a corrected address or phone, or cancel the delivery.`,
} as const;

/** The days a re-attempt may be asked for: tomorrow and the days after (India's calendar). */
export function reattemptDays(now: Date): string[] {
  const today = indiaDate(now);
  return Array.from({ length: NDR_REATTEMPT_DAYS }, (_, i) => addDays(today, i + 1));
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const noControl = (text: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text);
const Phone = z.string().trim().regex(MOBILE_PATTERN, NDR_MESSAGES.phone);

/** The choice as the API and the page's form send it. */
export const NdrChoiceInput = z
  .discriminatedUnion(
    'action',
    [
      z.object({
        action: z.literal('re_attempt'),
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, NDR_MESSAGES.date),
      }),
      z.object({
        action: z.literal('change_address'),
        address: z
          .string()
          .trim()
          .min(1, NDR_MESSAGES.address)
          .max(NDR_ADDRESS_MAX, NDR_MESSAGES.address)
          .refine(noControl, NDR_MESSAGES.address),
        pincode: z.string().trim().regex(PINCODE_PATTERN, NDR_MESSAGES.pincode),
        phone: Phone.nullish(),
      }),
      z.object({ action: z.literal('change_phone'), phone: Phone }),
      z.object({ action: z.literal('return_to_origin') }),
    ],
    { error: NDR_MESSAGES.action },
  )
  .meta({ id: 'NdrChoiceInput' });
export type NdrChoiceInput = z.infer<typeof NdrChoiceInput>;

/** A seller acts on its NDR queue: another attempt, or back to the seller. */
export const SellerNdrInput = z
  .discriminatedUnion(
    'action',
    [
      z.object({
        action: z.literal('re_attempt'),
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, NDR_MESSAGES.date),
      }),
      z.object({ action: z.literal('return_to_origin') }),
    ],
    { error: NDR_MESSAGES.action },
  )
  .meta({ id: 'SellerNdrInput' });

/** What the shopper's tracking page shows after a failed attempt. */
export const NdrView = z
  .object({
    invoiceNo: z.string(),
    orderNo: z.string(),
    /** failed attempts so far */
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    /** a choice is waited for: the last attempt failed and nobody chose yet */
    isAwaitingChoice: z.boolean(),
    choice: z
      .object({ action: z.enum(NDR_ACTIONS), chosenBy: z.enum(NDR_CHOSEN_BY), summary: z.string() })
      .nullable(),
    reattemptDays: z.array(z.string()),
    address: z.object({ address: z.string(), pincode: z.string(), phone: z.string().nullable() }),
  })
  .meta({ id: 'NdrView' });
export type NdrView = z.infer<typeof NdrView>;

export const NdrQueueRow = z.object({
  invoiceNo: z.string(),
  orderNo: z.string(),
  awbNo: z.string(),
  courierName: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  lastAttemptAt: z.string().nullable(),
  choice: z
    .object({ action: z.enum(NDR_ACTIONS), chosenBy: z.enum(NDR_CHOSEN_BY), summary: z.string() })
    .nullable(),
  isAwaitingChoice: z.boolean(),
});
export const NdrQueue = z
  .object({ rows: z.array(NdrQueueRow), reattemptDays: z.array(z.string()) })
  .meta({ id: 'NdrQueue' });
export type NdrQueue = z.infer<typeof NdrQueue>;

/** The choice in a few words, for the page and the seller's queue. */
export function ndrSummary(choice: NdrChoiceInput): string {
  switch (choice.action) {
    case 're_attempt':
      return `Try again on ${choice.date}`;
    case 'change_address':
      return `Deliver to ${choice.address}, ${choice.pincode}`;
    case 'change_phone':
      return `Call ${choice.phone}`;
    case 'return_to_origin':
      return 'Send back to the seller';
  }
}
