// ADR-0062: what the operator console shows of the shop on ONDC: the network settings, whether the
// registry lists the shop's key, the orders buyer apps placed and the callbacks they did not take.
import { z } from 'zod';

const int = () => z.number().int();

export const ONDC_REGISTRY_STATES = ['off', 'listed', 'not-listed', 'unreachable'] as const;

export const OndcConsole = z
  .object({
    network: z.object({
      enabled: z.boolean(),
      subscriberId: z.string().nullable(),
      uniqueKeyId: z.string().nullable(),
      registryUrl: z.string().nullable(),
      /** whether the registry lists the shop's current key */
      registry: z.enum(ONDC_REGISTRY_STATES),
    }),
    orders: z.array(
      z.object({
        ondcOrderId: z.string(),
        bapId: z.string(),
        orderNo: z.string(),
        totalPaise: int(),
        createdAt: z.string(),
      }),
    ),
    callbacks: z.object({
      pending: int(),
      failed: int(),
      failedList: z.array(
        z.object({
          id: int(),
          action: z.string(),
          bapId: z.string(),
          attempts: int(),
          lastError: z.string().nullable(),
          createdAt: z.string(),
        }),
      ),
    }),
  })
  .meta({ id: 'OndcConsole' });
export type OndcConsole = z.infer<typeof OndcConsole>;

export const OndcCallbackRetried = z
  .object({
    id: int(),
    status: z.literal('pending'),
    /** false while ONDC is off: the callback waits in the queue until the network is on again */
    sendsNow: z.boolean(),
  })
  .meta({ id: 'OndcCallbackRetried' });

export const ONDC_CONSOLE_MESSAGES = {
  notFailed: 'That callback has not failed: only failed callbacks are sent again.',
} as const;
