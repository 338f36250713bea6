// ADR-0058: returns whose courier quality check failed at the shopper's door, as the seller and
// support read them.
import { z } from 'zod';

export const ReturnDisputes = z
  .object({
    disputes: z.array(
      z.object({
        refNo: z.string(),
        orderNo: z.string(),
        productName: z.string(),
        sellerName: z.string(),
        quantity: z.number().int(),
        awbNo: z.string(),
        courierName: z.string(),
        qualityCheckNotes: z.array(z.string()),
        qcFailedAt: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'ReturnDisputes' });
export type ReturnDisputes = z.infer<typeof ReturnDisputes>;
