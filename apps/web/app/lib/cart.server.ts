import { Cart, type CartLineInput } from '@marketplace/domain/cart/cart-api';
import type { CartItem } from '@marketplace/domain/cart/local-cart';
import type { AppLoadContext } from 'react-router';
import { fromServerLine } from './cart-store.ts';
import { actionApi, loadFromApi } from './page-api.server.ts';

/**
 * A logged-in shopper's saved cart as the cart page shows it, for the page's first HTML (the
 * browser's stored copy takes over once the scripts run); null for a visitor, whose cart lives
 * only in the browser.
 */
export async function savedCartItems(context: AppLoadContext, request: Request): Promise<CartItem[] | null> {
  const user = await context.services.currentUser(request);
  if (!user) return null;
  const cart = await loadFromApi(context, request, '/api/cart', Cart);
  return (cart?.lines ?? []).map((line) => fromServerLine(line));
}

export type CartChange =
  | { kind: 'quantity'; productId: number; sellerId: number; quantity: number }
  | { kind: 'remove'; productId: number; sellerId: number }
  | { kind: 'add'; productId: number; sellerId: number; quantity: number };

/**
 * Changes a logged-in shopper's saved cart from a form posted without scripts: reads the cart,
 * changes the line, writes it back (the server clamps quantities to stock and the maximum per
 * order, and drops unknown offers). 'unauthenticated' for a visitor.
 */
export async function changeSavedCart(
  context: AppLoadContext,
  change: CartChange,
): Promise<{ ok: true; headers: Headers } | { ok: false; reason: 'unauthenticated' | 'failed' }> {
  const api = actionApi(context);
  const saved = await api.call('GET', '/api/cart', Cart);
  if (!saved.ok)
    return {
      ok: false,
      reason: saved.kind === 'refused' && saved.status === 401 ? 'unauthenticated' : 'failed',
    };
  const same = (line: { productId: number; sellerId: number }) =>
    line.productId === change.productId && line.sellerId === change.sellerId;
  const lines: CartLineInput[] = saved.data.lines
    .filter((line) => change.kind !== 'remove' || !same(line))
    .map((line) => ({
      productId: line.productId,
      sellerId: line.sellerId,
      quantity: change.kind === 'quantity' && same(line) ? change.quantity : line.quantity,
      couponId: line.coupon?.id ?? null,
    }));
  // added units go in as a second line of the offer: the server adds a repeated line up (a merge
  // would keep the larger quantity, ADR-0037)
  if (change.kind === 'add')
    lines.push({ productId: change.productId, sellerId: change.sellerId, quantity: change.quantity });
  const written = await api.call('PUT', '/api/cart', Cart, { lines });
  return written.ok ? { ok: true, headers: api.headers } : { ok: false, reason: 'failed' };
}
