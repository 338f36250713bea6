// requirements#languages: the account pages (the hub, profile, password, messages, addresses, bank
// accounts, saved lists, privacy and deleting the account, the shopper's grievances) in Hindi,
// Tamil and Telugu leave no English but stored names and codes, with real data on every page and
// the forms' refusals shown too; Tamil's and Hindi's longer words wrap at 360 and 1366 px.
import { and, eq, notInArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, savedItems } from '@marketplace/db';
import { DEMO_SHOPPERS } from '@marketplace/db/seed';
import { offersOfDistinctSellers, userIdOf } from './support/cart-fixtures.ts';
import { englishWordsOf, storedNameWords } from './support/english-words.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const PRIYA = DEMO_SHOPPERS[0];
const LANGUAGES = ['hi', 'ta', 'te'] as const;
type Language = (typeof LANGUAGES)[number];

/**
 * Codes and names Indian shoppers read in English whatever their language (the brief's list), and
 * the parts of Priya's own profile and data: her name, her bank's name.
 */
const CODES = ['IFSC', 'SMS', 'WhatsApp', 'OTP', 'JSON', 'CGST', 'GST', 'YYYY'];

let ticketNo = '';

/** Priya's saved products, a complaint about one of her orders with a reply: every page has data. */
async function priyaWithData() {
  const priya = await userIdOf(store.db, PRIYA.email);
  const saved = await store.db
    .select({ id: savedItems.id })
    .from(savedItems)
    .where(eq(savedItems.userId, priya));
  if (saved.length === 0) {
    const [a, b, c] = await offersOfDistinctSellers(store.db, 3);
    if (!a || !b || !c) throw new Error('no offers to save');
    await store.db.insert(savedItems).values([
      { userId: priya, productId: a.productId, offerId: a.id, list: 'wishlist' },
      { userId: priya, productId: b.productId, offerId: b.id, list: 'save_for_later' },
      { userId: priya, productId: c.productId, offerId: c.id, list: 'wishlist' },
    ]);
  }
  await store.loginAs(PRIYA.email);
  if (ticketNo) return;
  const [order] = await store.db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.userId, priya), notInArray(orders.status, ['awaiting_payment'])))
    .limit(1);
  await store.openHydrated('/settings');
  ticketNo = await store.page.evaluate(async (orderNo) => {
    const json = { 'content-type': 'application/json' };
    const filed = await fetch('/api/grievances', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        category: 'damaged',
        subject: 'टूटी हुई स्क्रीन',
        orderNo,
        description: 'फ़ोन टूटी हुई स्क्रीन के साथ आया और डिब्बा एक कोने से फटा हुआ था।',
      }),
    });
    const { ticketNo: filedNo } = (await filed.json()) as { ticketNo: string };
    await fetch(`/api/grievances/${filedNo}/replies`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ message: 'ऑर्डर की फ़ोटो भेज रही हूँ।' }),
    });
    return filedNo;
  }, order?.orderNo ?? '');
  expect(ticketNo).toMatch(/^GRV-/);
}

/** The words a page may show that are no sentence of the shop: stored names and codes. */
async function allowedWords(): Promise<Set<string>> {
  const words = await storedNameWords(store.db, store.page);
  // product names on the saved lists' tiles, the shopper's and her bank's names
  const shown = await store.page.locator('.saved-tile-name').allInnerTexts();
  for (const text of [...shown, PRIYA.firstName, PRIYA.lastName, ...CODES])
    for (const word of text.match(/[A-Za-z]{3,}/g) ?? []) words.add(word);
  return words;
}

async function expectNoEnglish(language: Language, path: string) {
  await store.openHydrated(`/${language}${path}`);
  expect(await store.page.locator('html').getAttribute('lang')).toBe(`${language}-IN`);
  await store.page.locator('main h1').first().waitFor();
  expect(await englishWordsOf(store.page, await allowedWords()), `/${language}${path}`).toEqual([]);
}

/** The first link on the page whose address starts so (an address's or an account's edit link). */
async function hrefOf(prefix: string): Promise<string> {
  const href = await store.page.locator(`main a[href*="${prefix}"]`).first().getAttribute('href');
  if (!href) throw new Error(`no link to ${prefix}`);
  return href.replace(/^\/(hi|ta|te)(?=\/)/, '');
}

describe('the account pages in Hindi, Tamil and Telugu', () => {
  for (const language of LANGUAGES) {
    it(`leave no English on the hub, the profile, the password and the messages in ${language}`, async () => {
      await priyaWithData();
      for (const path of [
        '/settings',
        '/myprofile',
        '/updateprofile',
        '/updatepassword',
        '/messagepreferences',
      ])
        await expectNoEnglish(language, path);

      // the password form's refusals, from the domain, in the language
      await store.openHydrated(`/${language}/updatepassword`);
      await store.page.locator('main form button[type="submit"]').click();
      await store.page.locator('main .ui-field.has-error').first().waitFor();
      expect(await englishWordsOf(store.page, await allowedWords()), `${language} password refusals`).toEqual(
        [],
      );

      // the profile form's refusals
      await store.openHydrated(`/${language}/updateprofile`);
      await store.page.locator('input[name="firstName"]').fill('');
      await store.page.locator('input[name="mobile"]').fill('12345');
      await store.page.locator('main form button[type="submit"]').click();
      await store.page.locator('main .ui-field.has-error').first().waitFor();
      expect(await englishWordsOf(store.page, await allowedWords()), `${language} profile refusals`).toEqual(
        [],
      );
    });

    it(`leave no English on the addresses and bank accounts in ${language}`, async () => {
      await priyaWithData();
      await expectNoEnglish(language, '/myaddress');
      const editAddress = await hrefOf('/addressform?id=');
      // the state of a saved address reads in the language (Priya's first is in Tamil Nadu)
      const card = store.page.locator('main .account-card').first();
      expect(await card.innerText()).not.toContain('Tamil Nadu');
      await expectNoEnglish(language, '/manageaddress');
      await expectNoEnglish(language, '/addressform');
      await expectNoEnglish(language, editAddress);
      // the state field follows the pincode, in the language
      const state = await store.page.locator('main .ui-field input[readonly]').nth(1).inputValue();
      expect(state).not.toBe('');
      expect(state).not.toMatch(/[A-Za-z]/);

      // the address form's refusals: every field's message from the domain
      await store.openHydrated(`/${language}/addressform`);
      for (const name of ['firstName', 'doorNo', 'street', 'landmark', 'pincode'])
        await store.page.locator(`input[name="${name}"]`).fill('');
      await store.page.locator('input[name="mobile"]').fill('123');
      await store.page.locator('main form button[type="submit"]').click();
      await store.page.locator('main .ui-field.has-error').first().waitFor();
      expect(await englishWordsOf(store.page, await allowedWords()), `${language} address refusals`).toEqual(
        [],
      );

      await expectNoEnglish(language, '/bankaccount');
      const editAccount = await hrefOf('/accountform?id=');
      await expectNoEnglish(language, '/accountform');
      await expectNoEnglish(language, editAccount);
      await store.page.locator('input[name="ifsc"]').fill('NOPE');
      await store.page.locator('input[name="accountNumber"]').fill('12');
      await store.page.locator('main form button[type="submit"]').click();
      await store.page.locator('main .ui-field.has-error').first().waitFor();
      expect(await englishWordsOf(store.page, await allowedWords()), `${language} account refusals`).toEqual(
        [],
      );
    });

    it(`leave no English on the saved lists, privacy and the grievances in ${language}`, async () => {
      await priyaWithData();
      for (const path of ['/mywhishlist', '/saveforlater', '/buyagain']) {
        await expectNoEnglish(language, path);
        expect(await store.page.locator('main .saved-tile').count(), path).toBeGreaterThan(0);
      }
      await expectNoEnglish(language, '/privacy');
      // a consent given and its date, in the language
      await store.page.locator('main .privacy-consent form button').first().click();
      await store.page.locator('main .account-notice').waitFor();
      expect(await englishWordsOf(store.page, await allowedWords()), `${language} consent`).toEqual([]);

      // Priya's orders are still open: what stops the deletion, in the language
      await expectNoEnglish(language, '/privacy/delete');
      expect(await store.page.locator('main .privacy-list li').count()).toBeGreaterThan(1);

      await expectNoEnglish(language, '/mygrievances');
      await store.page.locator('main [data-testid="grievance"]').first().waitFor();
      await expectNoEnglish(language, `/mygrievances/${ticketNo}`);
      expect(await store.page.locator('main .grv-message').count()).toBeGreaterThan(0);
    });
  }

  it('wraps Tamil and Hindi words at 360 and 1366 px without scrolling sideways', async () => {
    await priyaWithData();
    for (const [name, path] of [
      ['languages-profile-ta-settings', '/ta/settings'],
      ['languages-profile-ta-addresses', '/ta/manageaddress'],
      ['languages-profile-hi-bank-accounts', '/hi/bankaccount'],
      ['languages-profile-ta-grievance', `/ta/mygrievances/${ticketNo}`],
    ] as const) {
      await store.openHydrated(path);
      for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
        await store.screenshot(name, width);
        const widths = await store.page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          outside: [...document.querySelectorAll('main *')]
            .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
            .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`)
            .slice(-3),
        }));
        expect(widths.page, `${path} at ${width} px (${widths.outside.join(' ')})`).toBeLessThanOrEqual(
          width,
        );
      }
    }
  });
});
