import { z } from '@hono/zod-openapi';

/** A refund as the item detail pages receive it (refunds/shopper-refund.ts). */
export const ShopperRefund = z.object({
  amountPaise: z.number().int(),
  status: z
    .string()
    .openapi({ description: 'initiated, processed or completed (failed: left to an operator)' }),
  method: z.string().openapi({ description: 'original_payment or bank_account (cash paid at delivery)' }),
  bankAccountLast4: z
    .string()
    .nullable()
    .openapi({ description: 'the bank account it is (or will be) paid into, by its last 4 digits' }),
  completedAt: z.string().nullable().openapi({ description: 'when the provider reported it settled' }),
  needsBankAccount: z.boolean().openapi({
    description:
      'a cash refund waiting because the shopper has no bank account: it is sent once they add one',
  }),
});
