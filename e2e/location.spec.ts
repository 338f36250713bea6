import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '@marketplace/db';
import { expectFitsWidth, useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const deliverTo = () => store.page.getByRole('button', { name: /^Deliver to/ });
const dialog = () => store.page.getByRole('dialog', { name: 'Choose your location' });
const input = () => dialog().getByRole('textbox');
const stored = (key: string) => store.page.evaluate((k) => localStorage.getItem(k), key);

async function openHome(path = '/') {
  await store.page.goto(store.url(path));
  await store.page.waitForFunction(
    () => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined,
  );
}

describe('the delivery location', () => {
  it('falls back silently to 600100 when the browser location is denied, and stores it', async () => {
    await openHome();
    await expect.poll(() => deliverTo().textContent()).toContain('600100');
    expect(await stored('pincode')).toBe('600100');
  });

  it("gives way, once a shopper logs in, from the shop's 600100 guess to her default address", async () => {
    await openHome();
    await expect.poll(() => stored('pincode')).toBe('600100');
    await store.loginAs('ananya@example.com');
    await openHome();
    await expect.poll(() => deliverTo().textContent()).toContain('400020');
    expect(await stored('pincode')).toBe('400020');
    expect(JSON.parse((await stored('selectedAddress')) ?? '{}')).toMatchObject({ pincode: '400020' });
    // a pincode she picks herself stays hers
    await deliverTo().click();
    await input().fill('560038');
    await dialog().getByRole('button', { name: 'Apply' }).click();
    await dialog().waitFor({ state: 'detached', timeout: 2_000 });
    await openHome();
    await expect.poll(() => deliverTo().textContent()).toContain('560038');
  });

  it('shows the same pincode in the header and the product page’s delivery box on the first view after login', async () => {
    const [product] = await store.db
      .select({ name: products.name })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(asc(products.id))
      .limit(1);
    const path = `/productdetails/${encodeURIComponent(product?.name ?? '')}`;
    await openHome(path);
    await expect.poll(() => stored('pincode')).toBe('600100');
    await store.loginAs('ananya@example.com');
    // the first HTML, before any script: the delivery box already names her default address
    const html = await (await store.page.request.get(store.url(path))).text();
    expect(/class="pd-deliver-to"[\s\S]*?<\/p>/.exec(html)?.[0]).toContain('400020');
    await openHome(path);
    const box = store.page.locator('.pd-deliver-to').first();
    // once the page has settled both name her default address, not the shop's guess
    await expect.poll(() => deliverTo().textContent()).toContain('400020');
    await expect.poll(() => box.textContent()).toContain('400020');
    expect(await box.textContent()).not.toContain('600100');
  });

  it("uses the pincode nearest to the browser's location", async () => {
    await store.page.context().grantPermissions(['geolocation']);
    await store.page.context().setGeolocation({ latitude: 12.9377, longitude: 80.2153 });
    await store.page.context().clearCookies();
    await openHome();
    await expect.poll(() => stored('pincode')).toBe('600100');
    await store.page.context().setGeolocation({ latitude: 28.6427, longitude: 77.2194 });
    await store.page.evaluate(() => localStorage.clear());
    await openHome();
    await expect.poll(() => stored('pincode')).toBe('110001');
    await expect.poll(() => deliverTo().textContent()).toContain('New Delhi 110001');
  });

  it('applies a pincode: digits only, at most 6, then "Pincode Available", stored, an event, closed after 300 ms', async () => {
    await openHome();
    await expect.poll(() => stored('pincode')).toBe('600100');
    await store.page.evaluate(() => {
      window.addEventListener('pincodeUpdated', () =>
        Object.assign(window, {
          pincodeEvents: ((window as { pincodeEvents?: number }).pincodeEvents ?? 0) + 1,
        }),
      );
    });
    await deliverTo().click();
    await input().pressSequentially('56a00 38999');
    expect(await input().inputValue()).toBe('560038');
    await dialog().getByRole('button', { name: 'Apply' }).click();
    await dialog().getByText('Pincode Available: 560038').waitFor();
    await dialog().waitFor({ state: 'detached', timeout: 2_000 });
    expect(await stored('pincode')).toBe('560038');
    expect(await stored('pincodecity')).toBe('Bangalore');
    expect(await store.page.evaluate(() => (window as { pincodeEvents?: number }).pincodeEvents)).toBe(1);
    expect(await deliverTo().textContent()).toContain('560038');
    // mirrored in a cookie, so pages rendered on the server know where to deliver
    const cookies = await store.page.context().cookies();
    expect(cookies.find((c) => c.name === 'pincode')).toMatchObject({
      value: '560038',
      path: '/',
      sameSite: 'Lax',
    });
  });

  it('mirrors only a valid stored pincode in the cookie', async () => {
    await openHome();
    await expect.poll(() => stored('pincode')).toBe('600100');
    await store.page.evaluate(() => localStorage.setItem('pincode', '12345'));
    await store.page.waitForTimeout(1_500); // the stored pincode is re-read every second
    const cookies = await store.page.context().cookies();
    expect(cookies.filter((c) => c.name === 'pincode').map((c) => c.value)).toEqual(['600100']);
  });

  it('says "Pincode not available" in red for an unknown pincode, and does nothing for the current one', async () => {
    await openHome();
    await expect.poll(() => stored('pincode')).toBe('600100');
    await deliverTo().click();
    await input().fill('999999');
    await dialog().getByRole('button', { name: 'Apply' }).click();
    const message = dialog().getByText('Pincode not available');
    await message.waitFor();
    expect(await message.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(204, 12, 57)');

    let checks = 0;
    store.page.on('request', (request) => void (request.url().includes('/api/pincodes/check') && checks++));
    await input().fill('600100');
    await dialog().getByRole('button', { name: 'Apply' }).click();
    await store.page.waitForTimeout(300);
    expect(checks).toBe(0);
    expect(await dialog().isVisible()).toBe(true);
  });

  it('alerts "Something went wrong!" when the check fails', async () => {
    await store.page.route('**/api/pincodes/check', (route) => route.fulfill({ status: 500, body: '{}' }));
    await openHome();
    // record alerts in the page (the app calls window.alert with the spec's message)
    await store.page.evaluate(() => {
      window.alert = (message?: unknown) => {
        const w = window as { alerts?: unknown[] };
        w.alerts = [...(w.alerts ?? []), message];
      };
    });
    await deliverTo().click();
    await input().fill('560038');
    await dialog().getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => store.page.evaluate(() => (window as { alerts?: unknown[] }).alerts))
      .toEqual(['Something went wrong!']);
    expect(await dialog().isVisible()).toBe(true);
  });

  it('closes with Close, a click on the overlay, and Escape', async () => {
    await openHome();
    await deliverTo().click();
    await dialog().getByRole('button', { name: 'Close' }).click();
    expect(await dialog().count()).toBe(0);
    await deliverTo().click();
    await store.page.mouse.click(5, 600);
    expect(await dialog().count()).toBe(0);
    await deliverTo().click();
    await store.page.keyboard.press('Escape');
    expect(await dialog().count()).toBe(0);
  });

  it('keeps keyboard focus inside the dialog while it is open and gives it back to Deliver to after', async () => {
    await openHome();
    await deliverTo().focus();
    await store.page.keyboard.press('Enter');
    await dialog().waitFor();
    expect(await input().evaluate((element) => element === document.activeElement)).toBe(true);
    const inside = () =>
      store.page.evaluate(
        () => document.querySelector('dialog[open]')?.contains(document.activeElement) ?? false,
      );
    for (let step = 0; step < 8; step++) {
      await store.page.keyboard.press(step % 3 === 2 ? 'Shift+Tab' : 'Tab');
      // the browser's own controls may take a turn; the page behind never does
      const onPage = await store.page.evaluate(() => document.activeElement !== document.body);
      if (onPage) expect(await inside()).toBe(true);
    }
    await store.page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(await deliverTo().evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it("lists a logged-in shopper's saved addresses and applies the one chosen; a malformed stored address counts as none", async () => {
    await store.loginAs('priya@example.com');
    await openHome();
    await store.page.evaluate(() => {
      localStorage.removeItem('pincode');
      localStorage.setItem('selectedAddress', '{broken');
    });
    await openHome();
    await deliverTo().click();
    const choices = dialog().getByRole('radio');
    expect(await choices.count()).toBe(2);
    expect(
      await dialog()
        .getByRole('group', { name: 'Your saved addresses' })
        .evaluate((el) => getComputedStyle(el).maxHeight),
    ).toBe('300px');
    await dialog().getByRole('radio').nth(1).check();
    await dialog().waitFor({ state: 'detached', timeout: 2_000 });
    expect(await stored('pincode')).toBe('560038');
    expect(JSON.parse((await stored('selectedAddress')) ?? '{}')).toMatchObject({ pincode: '560038' });
    // a logged-in shopper with no stored pincode starts from the stored selected address
    await store.page.evaluate(() => localStorage.removeItem('pincode'));
    await openHome();
    await expect.poll(() => deliverTo().textContent()).toContain('560038');
  });

  it('fits 360 px and 1366 px open, over a page that keeps its heading (screenshotted)', async () => {
    await store.loginAs('rahul@example.com');
    for (const [width, pincode] of [
      [WIDTHS.mobile, '781005'],
      [WIDTHS.desktop, '400020'],
    ] as const) {
      await store.page.setViewportSize({ width, height: 800 });
      await openHome();
      await deliverTo().click();
      await input().fill(pincode);
      await dialog().getByRole('button', { name: 'Apply' }).click();
      await dialog().getByText(`Pincode Available: ${pincode}`).waitFor();
      await expectFitsWidth(store.page);
      await store.page.screenshot({ path: `${import.meta.dirname}/screenshots/location-${width}.png` });
    }
  });
});
