// requirements#settlement: cash collected on delivery, owed by couriers until they remit it; the
// console's contract for finance staff.
import { z } from 'zod';
import { optionalIndianDay } from '../admin/staff-api.ts';
import { ORDER_NO_PATTERN } from '../orders/place-order.ts';

export const COD_LIMITS = { shipmentsPerRemittance: 500, referenceMax: 40 } as const;

export const COD_MESSAGES = {
  shipments: `Choose 1 to ${COD_LIMITS.shipmentsPerRemittance} shipments the remittance covers.`,
  reference: 'Enter the courier’s bank reference (UTR): 6 to 40 letters and digits.',
  remitted: (count: number) => `Remittance recorded for ${count} shipment${count === 1 ? '' : 's'}.`,
} as const;

/** Parcels a page: a courier's transfer usually covers one courier's parcels of some days. */
export const COD_PAGE_SIZES = [50, 100, 200, 500] as const;

export const COD_QUERY_MESSAGES = {
  orderNo: 'An order number is OD followed by its digits.',
  carrier: 'Choose a courier from the list.',
  page: 'page must be a whole number from 1.',
  size: `Show ${COD_PAGE_SIZES.join(', ')} parcels a page.`,
  order: 'The first day must not be after the last day.',
} as const;

/** Which waiting parcels to list: an order's, a courier's, those delivered on some Indian days; a page of them. */
export const OutstandingCodQuery = z
  .object({
    orderNo: z.string().regex(ORDER_NO_PATTERN, COD_QUERY_MESSAGES.orderNo).optional(),
    carrier: z
      .string()
      .max(60, COD_QUERY_MESSAGES.carrier)
      .regex(/^\P{Cc}*$/u, COD_QUERY_MESSAGES.carrier)
      .optional(),
    from: optionalIndianDay('from'),
    to: optionalIndianDay('to'),
    page: z
      .string()
      .regex(/^[1-9]\d{0,5}$/, COD_QUERY_MESSAGES.page)
      .default('1')
      .transform(Number),
    size: z
      .enum(['50', '100', '200', '500'], { error: COD_QUERY_MESSAGES.size })
      .default('50')
      .transform(Number),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: COD_QUERY_MESSAGES.order, path: ['to'] });
export type OutstandingCodQuery = z.infer<typeof OutstandingCodQuery>;

export const CodRemittanceInput = z.object({
  invoiceNos: z
    .array(z.string().regex(/^[A-Za-z0-9-]{1,40}$/, COD_MESSAGES.shipments), {
      error: COD_MESSAGES.shipments,
    })
    .min(1, COD_MESSAGES.shipments)
    .max(COD_LIMITS.shipmentsPerRemittance, COD_MESSAGES.shipments),
  reference: z
    .string({ error: COD_MESSAGES.reference })
    .trim()
    .regex(/^[A-Za-z0-9]{6,40}$/, COD_MESSAGES.reference),
});
export type CodRemittanceInput = z.infer<typeof CodRemittanceInput>;

export const CodRemittanceResult = z
  .object({
    message: z.string(),
    remitted: z.array(z.string()).describe('The shipments marked remitted now'),
    alreadyRemitted: z.array(z.string()),
    unknown: z.array(z.string()).describe('Not a delivered COD shipment'),
    amountPaise: z.number().int(),
  })
  .meta({ id: 'CodRemittanceResult' });
export type CodRemittanceResult = z.infer<typeof CodRemittanceResult>;

export const OutstandingCod = z
  .object({
    /** every waiting parcel's cash, whatever the filters */
    totalPaise: z.number().int(),
    count: z.number().int(),
    /** the parcels the filters match, all pages */
    matching: z.object({ count: z.number().int(), totalPaise: z.number().int() }),
    page: z.number().int(),
    pageCount: z.number().int(),
    pageSize: z.number().int(),
    /** the couriers that owe cash, to filter by */
    carriers: z.array(z.string()),
    collections: z.array(
      z.object({
        invoiceNo: z.string(),
        orderNo: z.string(),
        sellerName: z.string(),
        carrier: z.string().nullable(),
        amountPaise: z.number().int(),
        collectedAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'OutstandingCod' });
export type OutstandingCod = z.infer<typeof OutstandingCod>;
