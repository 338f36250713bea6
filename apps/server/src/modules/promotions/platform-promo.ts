import { eq } from 'drizzle-orm';
import { type Executor, platformPromo } from '@marketplace/db';
import type { PlatformPromoInput, PlatformPromoView } from '@marketplace/domain/admin/promotions-api';
import { DEFAULT_PLATFORM_PROMO, type PlatformPromoSetting } from '@marketplace/domain/pricing/promo';
import { type AuditActor, writeAudit } from '../staff/index.ts';

// requirements#operator-promotions: the PromoJun platform promo's amount and on/off, one row the
// checkout reads; no row is the standing rule (requirements#platform-promo) (₹50 off every order).

async function readRow(db: Executor) {
  const [row] = await db.select().from(platformPromo).where(eq(platformPromo.id, 1));
  return row ?? null;
}

/** The platform promo the checkout applies now (requirements#platform-promo). */
export async function platformPromoSetting(db: Executor): Promise<PlatformPromoSetting> {
  const row = await readRow(db);
  return row
    ? { name: row.name, amountPaise: row.amountPaise, isEnabled: row.isEnabled }
    : DEFAULT_PLATFORM_PROMO;
}

export async function platformPromoView(db: Executor): Promise<PlatformPromoView> {
  const row = await readRow(db);
  if (!row) return { ...DEFAULT_PLATFORM_PROMO, isDefault: true, updatedAt: null };
  return {
    name: row.name,
    amountPaise: row.amountPaise,
    isEnabled: row.isEnabled,
    isDefault: false,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Sets the promo's amount and on/off; audited as promo.edit with before and after. */
export function savePlatformPromo(
  db: Executor,
  actor: AuditActor,
  input: PlatformPromoInput,
  now: Date,
): Promise<PlatformPromoView> {
  return db.transaction(async (tx) => {
    const before = await platformPromoSetting(tx);
    await tx
      .insert(platformPromo)
      .values({ id: 1, name: before.name, ...input, updatedAt: now })
      .onConflictDoUpdate({ target: platformPromo.id, set: { ...input, updatedAt: now } });
    const after = await platformPromoView(tx);
    await writeAudit(
      tx,
      actor,
      {
        action: 'promo.edit',
        targetType: 'promo',
        targetId: before.name,
        before: { amountPaise: before.amountPaise, isEnabled: before.isEnabled },
        after: { amountPaise: after.amountPaise, isEnabled: after.isEnabled },
      },
      now,
    );
    return after;
  });
}
