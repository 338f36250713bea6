// requirements#delivery-serviceability: a shopper in Leh sees that a bulky product does not reach
// them, on the product page and in the cart, while a standard one from a seller who ships there does.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, offers, products, sellers } from '@marketplace/db';
import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import { PRODUCT_MESSAGES } from '@marketplace/domain/catalog/product-detail';
import { storedLine } from './support/cart-fixtures.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const LEH = '194101';

/** The first in-stock product of a handling class sold by a seller who ships to every zone. */
async function productOf(db: Database, handling: string) {
  const [row] = await db
    .select({
      productId: offers.productId,
      sellerId: offers.sellerId,
      name: products.name,
      price: offers.salePricePaise,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .where(
      and(
        eq(products.handling, handling),
        eq(offers.isActive, true),
        gt(offers.stock, 10),
        gt(offers.salePricePaise, 0),
        sql`'remote' = ANY (${sellers.shippingZones})`,
      ),
    )
    .orderBy(asc(offers.id))
    .limit(1);
  if (!row) throw new Error(`a seeded ${handling} product`);
  return row;
}

const href = (name: string) => `/productdetails/${encodeURIComponent(name)}`;
const buyBox = () => store.page.getByRole('complementary', { name: 'Buy this product' });

async function moveTo(pincode: string) {
  await store.page.getByRole('button', { name: /^Deliver to/ }).click();
  const dialog = store.page.getByRole('dialog', { name: 'Choose your location' });
  await dialog.getByRole('textbox').fill(pincode);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('serviceability at Leh', () => {
  it('the product page says a bulky product is not serviceable and disables buying', async () => {
    const bulky = await productOf(store.db, 'bulky');
    await store.openHydrated(href(bulky.name));
    await buyBox().getByRole('button', { name: 'Add to Cart' }).waitFor();
    expect(await buyBox().getByText(PRODUCT_MESSAGES.notServiceable).count()).toBe(0);

    await moveTo(LEH);
    await buyBox().getByText(PRODUCT_MESSAGES.notServiceable).waitFor();
    expect(await buyBox().getByRole('button', { name: 'Add to Cart' }).isDisabled()).toBe(true);
    expect(await buyBox().getByRole('button', { name: 'Buy Now' }).isDisabled()).toBe(true);
    await store.screenshot('product-not-serviceable-leh', WIDTHS.mobile);
    await store.screenshot('product-not-serviceable-leh', WIDTHS.desktop);

    // rendered on the server for a shopper already in Leh
    await store.page.reload();
    await buyBox().getByText(PRODUCT_MESSAGES.notServiceable).waitFor();
  });

  it('the cart marks the bulky line unavailable and keeps the standard one', async () => {
    const bulky = await productOf(store.db, 'bulky');
    const standard = await productOf(store.db, 'standard');
    await store.openHydrated('/');
    await store.page.evaluate(
      (value) => localStorage.setItem('cartItems', JSON.stringify(value)),
      [storedLine(bulky), storedLine(standard)],
    );
    await store.openHydrated('/cart');
    const line = (name: string) => store.page.getByRole('listitem', { name, exact: true });
    await line(bulky.name).waitFor();
    await moveTo(LEH);

    await line(bulky.name).getByText(CART_MESSAGES.itemUnavailable).waitFor();
    expect(await line(bulky.name).getByText(CART_MESSAGES.itemUnavailableDetail).count()).toBe(1);
    await store.page.getByText(CART_MESSAGES.unavailableBanner).waitFor();
    expect(await line(standard.name).getByText(CART_MESSAGES.itemUnavailable).count()).toBe(0);
    await expect.poll(() => line(standard.name).textContent()).toContain('Standard Delivery');
    expect(await store.page.getByRole('button', { name: CART_MESSAGES.checkOut }).isDisabled()).toBe(true);
    await store.screenshot('cart-not-serviceable-leh', WIDTHS.mobile);
    await store.screenshot('cart-not-serviceable-leh', WIDTHS.desktop);

    await line(bulky.name).getByRole('button', { name: CART_MESSAGES.removeThisItem }).click();
    await expect.poll(() => store.page.getByText(CART_MESSAGES.unavailableBanner).count()).toBe(0);
    expect(await store.page.getByRole('button', { name: CART_MESSAGES.checkOut }).isDisabled()).toBe(false);
  });
});
