// requirements#operator-sellers, ADR-0032: a staff member's (or the command line's) decision on a seller, with
// its effects on the shop, written in one transaction with its audit entry.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, offers, products, refreshProductSuggestions, sellers } from '@marketplace/db';
import type { AuditAction } from '@marketplace/domain/admin/staff-api';
import { type SellerAction, sellerTransition } from '@marketplace/domain/sellers/status-changes';
import type { SellerStatus } from '@marketplace/domain/sellers/statuses';
import { refreshLowestPrices } from '../inventory/index.ts';
import { type AuditActor, writeAudit } from '../staff/index.ts';

export type StatusChange =
  { action: 'approve' | 'reinstate'; reason?: undefined } | { action: 'reject' | 'suspend'; reason: string };

export type StatusChangeResult =
  | { code: 'OK'; sellerId: number; displayName: string; from: SellerStatus; to: SellerStatus }
  | { code: 'NOT_FOUND' }
  | { code: 'NOT_ALLOWED'; status: SellerStatus; message: string };

const AUDIT: Record<SellerAction, AuditAction> = {
  approve: 'seller.approve',
  reject: 'seller.reject',
  suspend: 'seller.suspend',
  reinstate: 'seller.reinstate',
};

/**
 * Moves a seller along `change.action` if its status allows it. The seller's row is locked first,
 * so of two decisions at once exactly one is made and the other finds the new status (NOT_ALLOWED).
 * Suspending takes its open offers off the shop (and products no other seller sells), reinstating
 * puts exactly those back; the search box's suggestions are rebuilt after the commit.
 */
export async function changeSellerStatus(
  db: Executor,
  sellerId: number,
  change: StatusChange,
  actor: AuditActor,
  now = new Date(),
): Promise<StatusChangeResult> {
  const result = await db.transaction(async (tx) => {
    const [seller] = await tx
      .select({
        id: sellers.id,
        name: sellers.name,
        status: sellers.status,
        rejectionReason: sellers.rejectionReason,
        suspensionReason: sellers.suspensionReason,
      })
      .from(sellers)
      .where(eq(sellers.id, sellerId))
      .for('update');
    if (!seller) return { result: { code: 'NOT_FOUND' } as const, productsChanged: false };
    const status = seller.status as SellerStatus;
    const transition = sellerTransition(status, change.action);
    if (!transition.ok) {
      return {
        result: { code: 'NOT_ALLOWED', status, message: transition.message } as const,
        productsChanged: false,
      };
    }
    const reason = change.reason ?? null;
    const set =
      change.action === 'approve'
        ? { status: transition.to, rejectionReason: null, decidedAt: now }
        : change.action === 'reject'
          ? { status: transition.to, rejectionReason: reason, decidedAt: now }
          : change.action === 'suspend'
            ? { status: transition.to, suspensionReason: reason }
            : { status: transition.to, suspensionReason: null };
    await tx.update(sellers).set(set).where(eq(sellers.id, sellerId));
    let offersMoved = 0;
    let productsChanged = false;
    if (change.action === 'suspend') ({ offersMoved, productsChanged } = await holdOffers(tx, sellerId, now));
    if (change.action === 'reinstate')
      ({ offersMoved, productsChanged } = await releaseOffers(tx, sellerId, now));
    const before: Record<string, unknown> = { status };
    if (status === 'suspended') before.reason = seller.suspensionReason;
    const after: Record<string, unknown> = { status: transition.to };
    if (reason !== null) after.reason = reason;
    if (change.action === 'suspend') after.offersHeld = offersMoved;
    if (change.action === 'reinstate') after.offersReleased = offersMoved;
    await writeAudit(
      tx,
      actor,
      { action: AUDIT[change.action], targetType: 'seller', targetId: sellerId, before, after },
      now,
    );
    return {
      result: {
        code: 'OK',
        sellerId,
        displayName: seller.name,
        from: transition.from,
        to: transition.to,
      } as const,
      productsChanged,
    };
  });
  // the suggestions are a materialized view: rebuilt once the products' change is committed
  if (result.productsChanged) await refreshProductSuggestions(db);
  return result.result;
}

/**
 * requirements#operator-sellers: the seller's selling offers leave the shop (inactive, marked held
 * so a reinstatement knows them from the seller's own pauses), and so does each of their products
 * that no other seller sells now. Lowest prices follow.
 */
async function holdOffers(tx: Executor, sellerId: number, now: Date) {
  const held = await tx
    .update(offers)
    .set({ isActive: false, isHeldBySuspension: true, updatedAt: now })
    .where(and(eq(offers.sellerId, sellerId), eq(offers.isActive, true), sql`${offers.closedAt} IS NULL`))
    .returning({ productId: offers.productId });
  const productIds = [...new Set(held.map((row) => row.productId))];
  if (productIds.length === 0) return { offersMoved: 0, productsChanged: false };
  const hidden = await tx
    .update(products)
    .set({ isActive: false, isHeldBySuspension: true, updatedAt: now })
    .where(
      and(
        inArray(products.id, productIds),
        eq(products.isActive, true),
        sql`NOT EXISTS (SELECT 1 FROM ${offers} o WHERE o.product_id = ${products.id} AND o.is_active)`,
      ),
    )
    .returning({ id: products.id });
  await refreshLowestPrices(tx, productIds);
  return { offersMoved: held.length, productsChanged: hidden.length > 0 };
}

/** Puts back exactly the offers the suspension held, and the products it took off with them. */
async function releaseOffers(tx: Executor, sellerId: number, now: Date) {
  const released = await tx
    .update(offers)
    .set({ isActive: true, isHeldBySuspension: false, updatedAt: now })
    .where(and(eq(offers.sellerId, sellerId), eq(offers.isHeldBySuspension, true)))
    .returning({ productId: offers.productId });
  const productIds = [...new Set(released.map((row) => row.productId))];
  if (productIds.length === 0) return { offersMoved: 0, productsChanged: false };
  const shown = await tx
    .update(products)
    .set({ isActive: true, isHeldBySuspension: false, updatedAt: now })
    .where(and(inArray(products.id, productIds), eq(products.isHeldBySuspension, true)))
    .returning({ id: products.id });
  await refreshLowestPrices(tx, productIds);
  return { offersMoved: released.length, productsChanged: shown.length > 0 };
}
