// requirements#settlement: cash collected on delivery, owed by couriers until they remit it; the
// console's contract for finance staff.
import { z } from 'zod';

export const COD_LIMITS = { shipmentsPerRemittance: 500, referenceMax: 40 } as const;

export const COD_MESSAGES = {
  shipments: `Choose 1 to ${COD_LIMITS.shipmentsPerRemittance} shipments the remittance covers.`,
  reference: 'Enter the courier’s bank reference (UTR): 6 to 40 letters and digits.',
  remitted: (count: number) => `Remittance recorded for ${count} shipment${count === 1 ? '' : 's'}.`,
} as const;

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
    totalPaise: z.number().int(),
    count: z.number().int(),
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
