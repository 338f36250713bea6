// requirements#gateway-settlements: the payment gateway pays shoppers' online payments into the
// operator's bank, less refunds it paid back and its fees. Each transfer is recorded once and the
// database posts it to the journal (bank and gateway charges debited, gateway clearing credited),
// so the bank account in the trial balance holds what the bank holds.
import { randomInt } from 'node:crypto';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, gatewaySettlements, payments, refunds } from '@marketplace/db';
import { indianDay } from '@marketplace/domain/text/dates';
import type { Database } from '@marketplace/db';
import type { Logger } from 'pino';
import type { Job } from '../../jobs.ts';

/** One transfer as the gateway reports it, with the payments and refunds it carried. */
export type GatewaySettlementReport = {
  providerSettlementId: string;
  utr: string;
  /** YYYY-MM-DD, the Indian day of the transfer */
  settledOn: string;
  /** what reached the bank */
  amountPaise: number;
  /** the gateway's fees without GST, and the GST on them */
  feesPaise: number;
  taxPaise: number;
  /** the provider's ids of the payments (pay_…) and refunds (rfnd_…) it settled */
  paymentIds: string[];
  refundIds: string[];
};

export type GatewaySettlementSource = {
  provider: 'sandbox' | 'razorpay';
  /** the transfers made up to `now` that may not be recorded yet */
  settlements(db: Executor, now: Date): Promise<GatewaySettlementReport[]>;
};

/**
 * Records the transfers not yet recorded, each with the payments and refunds it settled, in one
 * transaction per transfer; a transfer reported again is a no-op. Returns how many were new.
 */
export async function recordGatewaySettlements(
  db: Executor,
  provider: GatewaySettlementSource['provider'],
  reports: readonly GatewaySettlementReport[],
): Promise<number> {
  let recorded = 0;
  for (const report of reports) {
    if (report.amountPaise + report.feesPaise + report.taxPaise <= 0) continue;
    const made = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(gatewaySettlements)
        .values({
          provider,
          providerSettlementId: report.providerSettlementId,
          utr: report.utr,
          settledOn: report.settledOn,
          amountPaise: report.amountPaise,
          feesPaise: report.feesPaise,
          taxPaise: report.taxPaise,
        })
        .onConflictDoNothing({
          target: [gatewaySettlements.provider, gatewaySettlements.providerSettlementId],
        })
        .returning({ id: gatewaySettlements.id });
      if (!row) return false;
      if (report.paymentIds.length > 0)
        await tx
          .update(payments)
          .set({ gatewaySettlementId: row.id })
          .where(
            and(
              eq(payments.provider, provider),
              inArray(payments.providerPaymentId, report.paymentIds),
              isNull(payments.gatewaySettlementId),
            ),
          );
      if (report.refundIds.length > 0)
        await tx
          .update(refunds)
          .set({ gatewaySettlementId: row.id })
          .where(
            and(
              eq(refunds.provider, provider),
              inArray(refunds.providerRefundId, report.refundIds),
              isNull(refunds.gatewaySettlementId),
            ),
          );
      return true;
    });
    if (made) recorded++;
  }
  return recorded;
}

/** The sandbox gateway's terms, as Razorpay's standard plan: T+2 days, 2 % of a payment with GST inside. */
export const SANDBOX_GATEWAY_TERMS = { settleAfterMs: 2 * 86_400_000, feeBasisPoints: 200, gstPercent: 18 };

/** The gateway's fee on a payment, GST included, and the GST part of it (rounded to the paisa). */
export function gatewayFee(amountPaise: number, terms = SANDBOX_GATEWAY_TERMS) {
  const totalPaise = Math.round((amountPaise * terms.feeBasisPoints) / 10_000);
  const taxPaise = Math.round((totalPaise * terms.gstPercent) / (100 + terms.gstPercent));
  return { totalPaise, taxPaise };
}

/**
 * The built-in sandbox gateway settles like a real one: every payment paid at least two days ago
 * and every refund it paid back by then, not yet settled, in one transfer less its fees. Nothing is
 * reported while what it owes is not more than its fees.
 */
export function sandboxGatewaySettlements(terms = SANDBOX_GATEWAY_TERMS): GatewaySettlementSource {
  return {
    provider: 'sandbox',
    async settlements(db, now) {
      const cutOff = new Date(now.getTime() - terms.settleAfterMs);
      const paid = await db
        .select({ id: payments.providerPaymentId, amountPaise: payments.amountPaise })
        .from(payments)
        .where(
          and(
            eq(payments.provider, 'sandbox'),
            eq(payments.status, 'paid'),
            isNull(payments.gatewaySettlementId),
            lte(payments.updatedAt, cutOff),
          ),
        );
      const refunded = await db
        .select({ id: refunds.providerRefundId, amountPaise: refunds.amountPaise })
        .from(refunds)
        .where(
          and(
            eq(refunds.provider, 'sandbox'),
            eq(refunds.method, 'original_payment'),
            inArray(refunds.status, ['processed', 'completed']),
            isNull(refunds.gatewaySettlementId),
            lte(refunds.processedAt, cutOff),
          ),
        );
      const paymentIds = paid.flatMap((p) => (p.id ? [p.id] : []));
      const refundIds = refunded.flatMap((r) => (r.id ? [r.id] : []));
      if (paymentIds.length === 0 && refundIds.length === 0) return [];
      let feesPaise = 0;
      let taxPaise = 0;
      for (const payment of paid) {
        const fee = gatewayFee(payment.amountPaise, terms);
        feesPaise += fee.totalPaise - fee.taxPaise;
        taxPaise += fee.taxPaise;
      }
      const grossPaise =
        paid.reduce((sum, p) => sum + p.amountPaise, 0) - refunded.reduce((sum, r) => sum + r.amountPaise, 0);
      const amountPaise = grossPaise - feesPaise - taxPaise;
      if (amountPaise <= 0) return [];
      const utr = `SBXN${String(randomInt(100_000_000, 999_999_999))}${String(randomInt(100, 999))}`;
      return [
        {
          providerSettlementId: `setl_sandbox_${utr}`,
          utr,
          settledOn: indianDay(now),
          amountPaise,
          feesPaise,
          taxPaise,
          paymentIds,
          refundIds,
        },
      ];
    },
  };
}

// Razorpay's settlement recon: every payment and refund settled on a day, with its transfer
// (https://razorpay.com/docs/api/settlements/fetch-recon/). `fee` includes the GST in `tax`;
// `credit` − `debit` is what the item added to the transfer.
const ReconItem = z.object({
  entity_id: z.string(),
  type: z.string(),
  debit: z.number().int(),
  credit: z.number().int(),
  amount: z.number().int(),
  fee: z.number().int().nullable(),
  tax: z.number().int().nullable(),
  settled: z.boolean(),
  settled_at: z.number().int().nullable(),
  settlement_id: z.string().nullable(),
  settlement_utr: z.string().nullable(),
});
const ReconPage = z.object({
  entity: z.literal('collection'),
  count: z.number().int(),
  items: z.array(ReconItem),
});
export const RAZORPAY_RECON_URL = 'https://api.razorpay.com/v1/settlements/recon/combined';
/** the recon's largest page (Razorpay's `count` maximum) */
const RECON_PAGE = 1000;

export class GatewaySettlementError extends Error {}

/** Razorpay's transfers of the last `days` Indian days, read from its settlement recon. */
export function razorpayGatewaySettlements(
  config: { keyId: string; keySecret: string; reconUrl?: string },
  { days = 3, fetcher = fetch }: { days?: number; fetcher?: typeof fetch } = {},
): GatewaySettlementSource {
  const authorization = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;
  const reconUrl = config.reconUrl ?? RAZORPAY_RECON_URL;
  async function itemsOf(day: string) {
    const [year, month, date] = day.split('-');
    const items: z.infer<typeof ReconItem>[] = [];
    for (let skip = 0; ; skip += RECON_PAGE) {
      const url = `${reconUrl}?year=${year}&month=${month}&day=${date}&count=${RECON_PAGE}&skip=${skip}`;
      const res = await fetcher(url, { headers: { authorization }, signal: AbortSignal.timeout(30_000) });
      const body: unknown = await res.json().catch(() => null);
      if (!res.ok) {
        const described = z.object({ error: z.object({ description: z.string() }) }).safeParse(body);
        throw new GatewaySettlementError(
          `Razorpay refused the settlement recon for ${day} (${res.status}): ${described.success ? described.data.error.description : 'no description'}`,
        );
      }
      const page = ReconPage.safeParse(body);
      if (!page.success)
        throw new GatewaySettlementError(`Razorpay's settlement recon for ${day} could not be read`);
      items.push(...page.data.items);
      if (page.data.items.length < RECON_PAGE) return items;
    }
  }
  return {
    provider: 'razorpay',
    async settlements(_db, now) {
      const byId = new Map<string, GatewaySettlementReport>();
      for (let back = days - 1; back >= 0; back--) {
        for (const item of await itemsOf(indianDay(new Date(now.getTime() - back * 86_400_000)))) {
          if (!item.settled || !item.settlement_id || !item.settlement_utr || item.settled_at === null)
            continue;
          const report = byId.get(item.settlement_id) ?? {
            providerSettlementId: item.settlement_id,
            utr: item.settlement_utr,
            settledOn: indianDay(new Date(item.settled_at * 1000)),
            amountPaise: 0,
            feesPaise: 0,
            taxPaise: 0,
            paymentIds: [],
            refundIds: [],
          };
          const fee = item.fee ?? 0;
          const tax = item.tax ?? 0;
          report.amountPaise += item.credit - item.debit;
          report.feesPaise += fee - tax;
          report.taxPaise += tax;
          if (item.type === 'payment') report.paymentIds.push(item.entity_id);
          if (item.type === 'refund') report.refundIds.push(item.entity_id);
          byId.set(item.settlement_id, report);
        }
      }
      return [...byId.values()];
    },
  };
}

/** requirements#gateway-settlements: the gateway's transfers, recorded hourly by one process (ADR-0019). */
export function gatewaySettlementJob(
  db: Database,
  source: GatewaySettlementSource,
  logger: Logger,
  { intervalMs = 3_600_000, clock = () => new Date() }: { intervalMs?: number; clock?: () => Date } = {},
): Job {
  return {
    name: 'gateway-settlements',
    intervalMs,
    run: async () => {
      // the sandbox's transfer is made of the rows it reads: one reader at a time, in one transaction;
      // a real gateway is asked with no transaction open
      const recorded =
        source.provider === 'sandbox'
          ? await db.transaction(async (tx) => {
              await tx.execute(sql`SELECT pg_advisory_xact_lock(72401911)`);
              return recordGatewaySettlements(tx, source.provider, await source.settlements(tx, clock()));
            })
          : await recordGatewaySettlements(db, source.provider, await source.settlements(db, clock()));
      if (recorded > 0) logger.info({ recorded, provider: source.provider }, 'gateway settlements recorded');
    },
  };
}
