import { and, asc, count, eq, inArray, not, or, sql } from 'drizzle-orm';
import { type Database, deliveryRates, deliverySettings, type Executor, pincodes } from '@marketplace/db';
import {
  COD_LIMIT_RANGE,
  DELIVERY_MESSAGES,
  type DeliverySettings,
  MAX_PINCODES_PER_CHANGE,
  type PincodeChange,
  type PincodeChangeResult,
  type RateCardRow,
  type RateInput,
  RESTRICTED_SHOWN,
  rateRefusal,
  readPincodeList,
} from '@marketplace/domain/admin/delivery-api';
import { DELIVERY_TYPES, type DeliveryType, ZONES, type Zone } from '@marketplace/domain/delivery/constants';
import { type AuditActor, writeAudit } from '../staff/index.ts';

// requirements#operator-delivery: what staff change of delivery, each change with its audit entry
// in the same transaction.

/** requirements#cod-limit: the cash-on-delivery limit in force, ₹15,000 until staff change it. */
export async function codLimitOf(db: Executor): Promise<number> {
  const [row] = await db
    .select({ paise: deliverySettings.codLimitPaise })
    .from(deliverySettings)
    .where(eq(deliverySettings.id, 1));
  return row?.paise ?? COD_LIMIT_RANGE.default;
}

const rateOrder = (row: RateCardRow) =>
  DELIVERY_TYPES.indexOf(row.deliveryType) * ZONES.length + ZONES.indexOf(row.zone);

function rateRowOf(row: typeof deliveryRates.$inferSelect): RateCardRow | null {
  const { deliveryType, zone } = row;
  const type = DELIVERY_TYPES.find((t) => t === deliveryType);
  const known = ZONES.find((z) => z === zone);
  if (!type || !known) return null;
  const { isAvailable, chargePaise, arrivingDays, hasCod } = row;
  return { deliveryType: type, zone: known, isAvailable, chargePaise, arrivingDays, hasCod };
}

/** The console's delivery page: the rate card in the shop's order, the limit, and the restricted pincodes. */
export async function readDeliverySettings(db: Executor): Promise<DeliverySettings> {
  const [rates, codLimitPaise, [totals], restricted] = await Promise.all([
    db.select().from(deliveryRates),
    codLimitOf(db),
    db
      .select({
        total: count(),
        unserviceable: sql<number>`(count(*) FILTER (WHERE NOT ${pincodes.isServiceable}))::int`,
        noCod: sql<number>`(count(*) FILTER (WHERE NOT ${pincodes.hasCod}))::int`,
      })
      .from(pincodes),
    db
      .select({
        pincode: pincodes.pincode,
        city: pincodes.city,
        state: pincodes.state,
        isServiceable: pincodes.isServiceable,
        hasCod: pincodes.hasCod,
      })
      .from(pincodes)
      .where(or(not(pincodes.isServiceable), not(pincodes.hasCod)))
      .orderBy(asc(pincodes.pincode))
      .limit(RESTRICTED_SHOWN),
  ]);
  return {
    rateCard: rates.flatMap((row) => rateRowOf(row) ?? []).sort((a, b) => rateOrder(a) - rateOrder(b)),
    codLimitPaise,
    pincodes: {
      total: totals?.total ?? 0,
      unserviceable: Number(totals?.unserviceable ?? 0),
      noCod: Number(totals?.noCod ?? 0),
    },
    restricted,
  };
}

export type RateResult =
  { code: 'OK'; rate: RateCardRow } | { code: 'NOT_FOUND' } | { code: 'REFUSED'; message: string };

/** Sets one rate of the card (requirements#delivery-zones: same-day stays local). */
export async function updateRate(
  db: Database,
  actor: AuditActor,
  type: DeliveryType,
  zone: Zone,
  input: RateInput,
  now: Date,
): Promise<RateResult> {
  const refusal = rateRefusal(type, zone, input);
  if (refusal) return { code: 'REFUSED', message: refusal };
  return db.transaction(async (tx) => {
    const where = and(eq(deliveryRates.deliveryType, type), eq(deliveryRates.zone, zone));
    const [before] = await tx.select().from(deliveryRates).where(where).for('update');
    const was = before && rateRowOf(before);
    if (!was) return { code: 'NOT_FOUND' } as const;
    const [after] = await tx.update(deliveryRates).set(input).where(where).returning();
    const rate = after && rateRowOf(after);
    if (!rate) return { code: 'NOT_FOUND' } as const;
    await writeAudit(
      tx,
      actor,
      {
        action: 'delivery.rate',
        targetType: 'delivery_rate',
        targetId: `${type}/${zone}`,
        before: was,
        after: rate,
      },
      now,
    );
    return { code: 'OK', rate } as const;
  });
}

/** Sets the cash-on-delivery limit; the checkout reads it at its next quote. */
export async function setCodLimit(db: Database, actor: AuditActor, codLimitPaise: number, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ paise: deliverySettings.codLimitPaise })
      .from(deliverySettings)
      .where(eq(deliverySettings.id, 1))
      .for('update');
    const before = row?.paise ?? COD_LIMIT_RANGE.default;
    await tx
      .insert(deliverySettings)
      .values({ id: 1, codLimitPaise, updatedAt: now })
      .onConflictDoUpdate({ target: deliverySettings.id, set: { codLimitPaise, updatedAt: now } });
    await writeAudit(
      tx,
      actor,
      {
        action: 'delivery.cod-limit',
        targetType: 'delivery_settings',
        targetId: 'cod-limit',
        before: { codLimitPaise: before },
        after: { codLimitPaise },
      },
      now,
    );
    return { codLimitPaise };
  });
}

const FLAG: Record<PincodeChange, { column: 'isServiceable' | 'hasCod'; value: boolean }> = {
  unserviceable: { column: 'isServiceable', value: false },
  serviceable: { column: 'isServiceable', value: true },
  'no-cod': { column: 'hasCod', value: false },
  cod: { column: 'hasCod', value: true },
};
// the audit entry names at most this many of the pincodes a change turned
const AUDITED_PINCODES = 1000;

export type PincodeChangeOutcome =
  | { code: 'OK'; result: PincodeChangeResult }
  | { code: 'REFUSED'; message: string; result: PincodeChangeResult };

/**
 * Turns a flag of the pincodes named in a list or CSV: each one not a pincode, or not one we know,
 * is reported with its line; the others change together, with one audit entry.
 */
export async function changePincodes(
  db: Database,
  actor: AuditActor,
  change: PincodeChange,
  text: string,
  now: Date,
): Promise<PincodeChangeOutcome> {
  const { pincodes: named, problems } = readPincodeList(text);
  const empty = { change, changed: 0, unchanged: 0, problems: problems.slice(0, 100) };
  if (named.length === 0) return { code: 'REFUSED', message: DELIVERY_MESSAGES.noPincodes, result: empty };
  if (named.length > MAX_PINCODES_PER_CHANGE)
    return {
      code: 'REFUSED',
      message: DELIVERY_MESSAGES.tooManyPincodes(MAX_PINCODES_PER_CHANGE),
      result: empty,
    };
  const { column, value } = FLAG[change];
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ pincode: pincodes.pincode, flag: pincodes[column] })
      .from(pincodes)
      .where(
        inArray(
          pincodes.pincode,
          named.map((n) => n.pincode),
        ),
      )
      .for('update');
    const known = new Map(found.map((row) => [row.pincode, row.flag]));
    for (const { pincode, line } of named)
      if (!known.has(pincode))
        problems.push({ line, value: pincode, reason: DELIVERY_MESSAGES.unknownPincode });
    problems.sort((a, b) => a.line - b.line);
    const turning = found.filter((row) => row.flag !== value).map((row) => row.pincode);
    if (turning.length > 0) {
      await tx
        .update(pincodes)
        .set({ [column]: value })
        .where(inArray(pincodes.pincode, turning));
      await writeAudit(
        tx,
        actor,
        {
          action: 'delivery.pincodes',
          targetType: 'pincodes',
          targetId: change,
          before: { [column]: !value, count: turning.length, pincodes: turning.slice(0, AUDITED_PINCODES) },
          after: { [column]: value, count: turning.length, pincodes: turning.slice(0, AUDITED_PINCODES) },
        },
        now,
      );
    }
    return {
      code: 'OK' as const,
      result: {
        change,
        changed: turning.length,
        unchanged: found.length - turning.length,
        problems: problems.slice(0, 100),
      },
    };
  });
}
