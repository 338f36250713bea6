import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addresses, cartItems, users } from '@marketplace/db';
import { ADDRESS_MESSAGES } from '@marketplace/domain/accounts/addresses';
import { offersOfDistinctSellers, userIdOf } from './support/cart-fixtures.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

async function open(path: string, heading: string) {
  await store.page.goto(store.url(path));
  await store.page.getByRole('heading', { level: 1, name: heading }).waitFor();
}
const field = (label: string) => store.page.getByLabel(label, { exact: true });
const cards = () => store.page.getByRole('list', { name: 'Saved addresses' }).getByRole('article');
const cardNames = () => cards().evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
const acceptDialogs = () => store.page.on('dialog', (dialog) => void dialog.accept());
const rowsOf = async (email: string) => {
  const [user] = await store.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return store.db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, user?.id ?? 0));
};

async function fillAddress(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await field(label).fill(value);
}

describe('saved addresses', () => {
  it('are listed as cards, default first, each with its COD flag; the management view lists the same', async () => {
    await store.loginAs('priya@example.com');
    await open('/myaddress', 'Your Addresses');
    expect(await cardNames()).toEqual(['Address of Priya Sharma, 600100', 'Address of Priya Sharma, 560038']);
    const first = cards().first();
    expect(await first.getByText('Default', { exact: true }).count()).toBe(1);
    expect(await first.getByText(/^COD: (Yes|No)$/).count()).toBe(1);
    expect(await first.getByRole('button', { name: 'Remove' }).count()).toBe(0); // the default cannot be deleted
    expect(await cards().nth(1).getByRole('button', { name: 'Remove' }).count()).toBe(1);
    await store.screenshot('my-address', WIDTHS.mobile);
    await store.screenshot('my-address', WIDTHS.desktop);

    await store.page.getByRole('link', { name: 'Manage' }).click();
    await store.page.getByRole('heading', { level: 1, name: 'Manage Addresses' }).waitFor();
    const rows = store.page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem');
    expect(await rows.count()).toBe(2);
    expect(await rows.first().getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await rows.nth(1).getByRole('button', { name: 'Delete' }).count()).toBe(1);
    await store.screenshot('manage-address', WIDTHS.mobile);
    await store.screenshot('manage-address', WIDTHS.desktop);
  });

  it('are added with every field checked, city and state from the pincode, and show in the header picker', async () => {
    await store.loginAs('rahul@example.com');
    await open('/myaddress', 'Your Addresses');
    await store.page.getByRole('link', { name: 'Add New' }).click();
    await store.page.getByRole('heading', { level: 1, name: 'Add New Address' }).waitFor();
    expect(await field('First name').inputValue()).toBe('Rahul'); // started from the profile
    await store.screenshot('address-form', WIDTHS.mobile);
    await store.screenshot('address-form', WIDTHS.desktop);

    await fillAddress({ 'First name': '', Email: 'rahul@example', 'Mobile No': '5123456789' });
    await store.page.getByRole('button', { name: 'Save Address' }).click();
    const form = store.page.locator('form.account-form');
    await form.getByText(ADDRESS_MESSAGES.required.firstName).waitFor();
    await form.getByText(ADDRESS_MESSAGES.email).waitFor();
    await form.getByText(ADDRESS_MESSAGES.mobile).waitFor();
    await form.getByText(ADDRESS_MESSAGES.required.landmark).waitFor();
    expect(await store.page.getByRole('alert').first().textContent()).toBe(
      ADDRESS_MESSAGES.required.firstName,
    );

    await fillAddress({
      'First name': 'Meera',
      'Last name': 'Verma',
      Email: 'meera@example.com',
      'Mobile No': '9988776655',
      'Address (door / apartment)': 'Flat 12, Sunrise Towers',
      'Address 2 (street)': 'MG Road',
      LandMark: 'Opposite City Mall',
      PinCode: '999999',
    });
    await form.getByText(ADDRESS_MESSAGES.pincode).waitFor(); // unknown pincode, told at once
    await field('PinCode').fill('400020');
    await expect.poll(() => field('State').inputValue()).toBe('Maharashtra');
    expect(await field('City').inputValue()).not.toBe('');
    await store.page.getByRole('button', { name: 'Save Address' }).click();

    await store.page.waitForURL(/\/myaddress$/);
    await store.page.getByRole('status').filter({ hasText: ADDRESS_MESSAGES.added }).waitFor();
    await cards().filter({ hasText: 'Meera Verma' }).waitFor();
    expect(
      (await rowsOf('rahul@example.com')).some((row) => row.firstName === 'Meera' && !row.isDefault),
    ).toBe(true);

    // the header's delivery-location picker lists it too
    await store.page.getByRole('button', { name: /^Deliver to/ }).click();
    const picker = store.page.getByRole('group', { name: 'Your saved addresses' });
    await picker.getByText(/Meera Verma/).waitFor();
  });

  it('are edited, made default (exactly one) and removed only when not the default', async () => {
    acceptDialogs();
    await store.loginAs('ananya@example.com');
    await open('/addressform', 'Add New Address');
    await fillAddress({
      'Address (door / apartment)': '3B, Palm Court',
      'Address 2 (street)': 'Linking Road',
      LandMark: 'Near Khar Station',
      PinCode: '400052',
    });
    await expect.poll(() => field('State').inputValue()).toBe('Maharashtra');
    await store.page.getByRole('button', { name: 'Save Address' }).click();
    await store.page.waitForURL(/\/myaddress$/);
    await cards().nth(1).waitFor();

    const added = cards().filter({ hasText: 'Linking Road' });
    await added.getByRole('link', { name: 'Edit' }).click();
    await store.page.getByRole('heading', { level: 1, name: 'Edit Address' }).waitFor();
    expect(await field('Address 2 (street)').inputValue()).toBe('Linking Road');
    await field('Address 2 (street)').fill('Hill Road');
    await store.page.getByRole('button', { name: 'Update Address' }).click();
    await store.page.waitForURL(/\/myaddress$/);
    await store.page.getByRole('status').filter({ hasText: ADDRESS_MESSAGES.updated }).waitFor();
    const edited = cards().filter({ hasText: 'Hill Road' });
    await edited.waitFor();

    await edited.getByRole('button', { name: 'Set Default' }).click();
    await store.page.getByRole('status').filter({ hasText: ADDRESS_MESSAGES.defaultUpdated }).waitFor();
    await expect.poll(() => cards().first().textContent()).toContain('Hill Road');
    expect(await cards().first().getByText('Default', { exact: true }).count()).toBe(1);
    const rows = await rowsOf('ananya@example.com');
    expect(rows.filter((row) => row.isDefault).map((row) => row.street)).toEqual(['Hill Road']);

    const old = cards().filter({ hasText: 'Marine Drive' });
    await old.getByRole('button', { name: 'Remove' }).click();
    await store.page.getByRole('status').filter({ hasText: ADDRESS_MESSAGES.deleted }).waitFor();
    await expect.poll(() => cards().count()).toBe(1);
    expect((await rowsOf('ananya@example.com')).map((row) => row.street)).toEqual(['Hill Road']);
  });

  it('go on to the delivery review when added from checkout', async () => {
    const [offer] = await offersOfDistinctSellers(store.db, 1);
    if (!offer) throw new Error('an offer');
    await store.db
      .insert(cartItems)
      .values({ userId: await userIdOf(store.db, 'priya@example.com'), offerId: offer.id, quantity: 1 });
    await store.loginAs('priya@example.com');
    await open('/addressform?fromCheckout=1', 'Add New Address');
    const back = store.page.getByRole('link', { name: 'Back to checkout' });
    expect(await back.getAttribute('href')).toBe('/checkout');
    await fillAddress({
      'Address (door / apartment)': '9, Rose Villa',
      'Address 2 (street)': 'Park Street',
      LandMark: 'Near Park Hotel',
      PinCode: '700016',
    });
    await expect.poll(() => field('State').inputValue()).toBe('West Bengal');
    await store.page.getByRole('button', { name: 'Proceed' }).click();
    // the saved address is in the URL, so the review survives a reload (requirements#ids-in-urls)
    await store.page.waitForURL(/\/deliveryreview\?address=[0-9]+$/);
    await store.page
      .getByRole('region', { name: 'Delivery address' })
      .getByText(/700016/)
      .waitFor();
  });
});
