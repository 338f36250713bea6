import { describe, expect, it } from 'vitest';
import { savedItems } from '@marketplace/db';
import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import { offersOfDistinctSellers, userIdOf } from './support/cart-fixtures.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

async function openHydrated(path: string) {
  await store.page.goto(store.url(path));
  await store.page.waitForFunction(
    () => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined,
  );
}
const tile = (name: string) => store.page.getByRole('listitem', { name, exact: true });

describe('saved lists and Buy Again', () => {
  it('moves a Save For Later product to the cart and deletes another, from the cart page tab', async () => {
    const [a, b] = await offersOfDistinctSellers(store.db, 2);
    if (!a || !b) throw new Error('offers');
    const priya = await userIdOf(store.db, 'priya@example.com');
    await store.db.insert(savedItems).values([
      { userId: priya, productId: a.productId, offerId: a.id, list: 'save_for_later' },
      { userId: priya, productId: b.productId, offerId: b.id, list: 'save_for_later' },
    ]);
    await store.loginAs('priya@example.com');
    await openHydrated('/cart');
    await store.page.getByRole('tab', { name: CART_MESSAGES.saveForLater }).click();
    await tile(a.name).waitFor();
    await tile(a.name).getByRole('button', { name: 'Move to Cart' }).click();
    await store.page.getByText(CART_MESSAGES.movedToCart).waitFor();
    await store.page
      .getByRole('list', { name: 'Cart items' })
      .getByRole('listitem', { name: a.name })
      .waitFor();

    await tile(b.name).getByRole('button', { name: 'Delete' }).click();
    await store.page.getByText(CART_MESSAGES.deletedFromSaveForLater).waitFor();
    await store.page.getByText(CART_MESSAGES.noSavedForLater).waitFor();
  });

  it('lists products of delivered orders under Buy Again', async () => {
    await store.loginAs('priya@example.com');
    await openHydrated('/cart');
    await store.page.getByRole('tab', { name: CART_MESSAGES.buyAgain }).click();
    const list = store.page.getByRole('list', { name: CART_MESSAGES.buyAgain });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBeGreaterThan(0);
    await openHydrated('/buyagain');
    await store.page.getByRole('heading', { name: CART_MESSAGES.buyAgain }).waitFor();
    await list.waitFor();
    await store.screenshot('buy-again', WIDTHS.desktop);
    await store.screenshot('buy-again', WIDTHS.mobile);
  });

  it('the wishlist page moves to the cart and removes', async () => {
    const [a, b] = await offersOfDistinctSellers(store.db, 2);
    if (!a || !b) throw new Error('offers');
    const ananya = await userIdOf(store.db, 'ananya@example.com');
    await store.db.insert(savedItems).values([
      { userId: ananya, productId: a.productId, offerId: a.id, list: 'wishlist' },
      { userId: ananya, productId: b.productId, offerId: b.id, list: 'wishlist' },
    ]);
    await store.loginAs('ananya@example.com');
    await openHydrated('/mywhishlist');
    await store.page.getByRole('heading', { name: CART_MESSAGES.wishlistTitle }).waitFor();
    await tile(a.name).waitFor();
    await store.screenshot('wishlist', WIDTHS.desktop);
    await store.screenshot('wishlist', WIDTHS.mobile);
    await tile(a.name).getByRole('button', { name: 'Move to Cart' }).click();
    await store.page.getByText(CART_MESSAGES.movedToCart).waitFor();
    await expect.poll(() => store.page.locator('.cart-badge').textContent()).toBe('1');
    await tile(b.name).getByRole('button', { name: 'Remove' }).click();
    await store.page.getByText(CART_MESSAGES.wishlistEmpty).waitFor();
  });

  it('sends visitors to login from the saved lists, and shows the empty Save For Later page', async () => {
    await store.page.goto(store.url('/saveforlater'));
    await store.page.waitForURL(/\/login\?redirectTo=%2Fsaveforlater/);
    await store.loginAs('rahul@example.com');
    await openHydrated('/saveforlater');
    await store.page.getByText(CART_MESSAGES.noSavedForLater).waitFor();
    await store.screenshot('save-for-later', WIDTHS.mobile);
  });
});
