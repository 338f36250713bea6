// requirements#languages: signing in and the account pages in Hindi, Tamil and Telugu. Every page
// of the sign-in area, with its messages showing, says nothing in English but names and the code
// name OTP; its links and the places it sends the shopper keep the language.
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS, DEMO_SHOPPERS } from '@marketplace/db/seed';
import { englishWordsOf, storedNameWords } from './support/english-words.ts';
import { codeSentTo } from './support/inbox.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

const LANGUAGES = ['hi', 'ta', 'te'] as const;
type Language = (typeof LANGUAGES)[number];

/** What Indian shoppers read in Latin letters on these pages: the code's name. */
const CODES = ['OTP'];

const wordsOf = (text: string) => text.match(/[A-Za-z]{3,}/g) ?? [];

/** No English on the page's main part but stored names, the code name and the names given. */
async function expectNoEnglish(where: string, names: readonly string[] = []) {
  const allowed = new Set([
    ...(await storedNameWords(store.db, store.page)),
    ...CODES,
    ...names.flatMap(wordsOf),
  ]);
  expect(await englishWordsOf(store.page, allowed), where).toEqual([]);
}

/** Every link of the page's main part to this site stays in the language. */
async function expectLinksIn(language: Language, where: string) {
  const hrefs = await store.page
    .locator('main a[href^="/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(hrefs.length, where).toBeGreaterThan(0);
  expect(
    hrefs.filter((href) => href !== `/${language}` && !href.startsWith(`/${language}/`)),
    where,
  ).toEqual([]);
}

const main = () => store.page.locator('main');
const input = (name: string) => main().locator(`input[name="${name}"]`);
const button = (value: string) => main().locator(`button[name="intent"][value="${value}"]`);
const submit = () => main().locator('form[method="post"] button[type="submit"]').first();
const fieldErrors = () => main().locator('.ui-field-error');
const alert = () => main().getByRole('alert');
const status = () => main().getByRole('status');

/** Seeded shoppers: who signs in on each language's pages, and whom they link. */
const SHOPPER = { hi: DEMO_SHOPPERS[0], ta: DEMO_SHOPPERS[1], te: DEMO_SHOPPERS[2] } as const;
const LINKED = { hi: DEMO_SHOPPERS[1], ta: DEMO_SHOPPERS[2], te: DEMO_SHOPPERS[0] } as const;

describe('signing in, in Hindi, Tamil and Telugu', () => {
  it('logs in with a code back to where the shopper was going, in the language', async () => {
    // Ananya: her codes go out again only minutes later (switching to her account, below)
    const shopper = DEMO_SHOPPERS[2];
    await store.openHydrated('/te/otpverification?redirectTo=%2Fte%2Fcart');
    await input('emailOrMobile').fill(shopper.email);
    await button('send').click();
    await input('code').waitFor();
    await input('code').fill(await codeSentTo(store.db, shopper.email));
    await button('verify').click();
    await store.page.waitForURL(store.url('/te/cart'));
  });

  it('sends a visitor to the login in their language, says its messages there, and brings them back', async () => {
    for (const language of LANGUAGES) {
      const shopper = SHOPPER[language];
      await store.page.context().clearCookies();
      await store.page.goto(store.url(`/${language}/switchaccount`));
      await store.page.waitForURL(store.url(`/${language}/login?redirectTo=%2F${language}%2Fswitchaccount`));
      await store.page.waitForFunction(() => window.__reactRouterRouteModules !== undefined);
      expect(await store.page.locator('html').getAttribute('lang')).toBe(`${language}-IN`);
      await expectNoEnglish(`${language} login`);
      await expectLinksIn(language, `${language} login`);

      await submit().click();
      await expect.poll(() => fieldErrors().count()).toBe(2);
      await expectNoEnglish(`${language} login, fields left empty`);

      await input('email').fill(shopper.email);
      await input('password').fill('wrong-password');
      await submit().click();
      await alert().waitFor();
      await expectNoEnglish(`${language} login, wrong password`);

      await input('password').fill(DEMO_PASSWORDS.shopper);
      await submit().click();
      // back where the shopper was going, in their language
      await store.page.waitForURL(store.url(`/${language}/switchaccount`));
      await main().locator('h1').waitFor();
      await expectNoEnglish(`${language} switch account`);
      await expectLinksIn(language, `${language} switch account`);

      // a signed-in shopper who opens the login goes home, in the language
      await store.page.goto(store.url(`/${language}/login`));
      expect(store.page.url()).toBe(store.url(`/${language}`));
    }
  });

  it('registers in the language: the form’s messages, then the codes page and its messages', async () => {
    for (const [index, language] of LANGUAGES.entries()) {
      await store.openHydrated(`/${language}/registration`);
      await expectNoEnglish(`${language} registration`);
      await expectLinksIn(language, `${language} registration`);
      await submit().click();
      await expect.poll(() => fieldErrors().count()).toBeGreaterThanOrEqual(6);
      await expectNoEnglish(`${language} registration, fields left empty`);
      if (language === 'ta')
        for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
          await store.screenshot('languages-signin-ta-registration', width);
          // Tamil's long words wrap: the page never scrolls sideways
          expect(await store.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            width,
          );
        }
      await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });

      await input('firstName').fill('Meena');
      await input('lastName').fill('Kumari');
      await input('email').fill(`meena.${language}@example.in`);
      await input('mobile').fill(`934567810${index}`);
      await main().locator('input[name="gender"][value="female"]').check();
      await input('password').fill('meena-pass-1');
      await input('confirmPassword').fill('meena-pass-2');
      await submit().click();
      await expect.poll(() => fieldErrors().count()).toBe(1);
      await expectNoEnglish(`${language} registration, passwords differ`);
      await input('password').fill('meena-pass-1');
      await input('confirmPassword').fill('meena-pass-1');
      await submit().click();
      await store.page.waitForURL(new RegExp(`/${language}/verifyotp\\?registration=`));
      await store.page.waitForFunction(() => window.__reactRouterRouteModules !== undefined);
      await expectNoEnglish(`${language} verify OTP`);

      await button('verify').click();
      await expect.poll(() => fieldErrors().count()).toBe(2);
      await expectNoEnglish(`${language} verify OTP, codes left empty`);
      // the server holds the codes to one per 30 seconds: its answer, in the language
      await button('resend').click();
      await alert().waitFor();
      await expectNoEnglish(`${language} verify OTP, resent too soon`);
    }
  });

  it('logs in with a code and resets a password in the language', async () => {
    for (const [index, language] of LANGUAGES.entries()) {
      await store.openHydrated(`/${language}/otpverification?redirectTo=%2F${language}%2Fcart`);
      await expectNoEnglish(`${language} code login`);
      await expectLinksIn(language, `${language} code login`);
      await input('emailOrMobile').fill('98765');
      await button('send').click();
      await fieldErrors().first().waitFor();
      await expectNoEnglish(`${language} code login, a wrong contact`);
      await input('emailOrMobile').fill(`700000000${index}`);
      await button('send').click();
      await main().getByRole('timer').waitFor();
      await expectNoEnglish(`${language} code login, the code sent`);
      await input('code').fill('12');
      await button('verify').click();
      await fieldErrors().first().waitFor();
      await expectNoEnglish(`${language} code login, a short code`);
      await input('code').fill('1234');
      await button('verify').click();
      await alert().waitFor();
      await expectNoEnglish(`${language} code login, a wrong code`);

      await store.openHydrated(`/${language}/forgotpassword/nobody.${language}%40example.in`);
      await expectNoEnglish(`${language} forgot password`);
      await expectLinksIn(language, `${language} forgot password`);
      await button('send').click();
      await status().waitFor();
      await expectNoEnglish(`${language} forgot password, the code sent`);
      await button('reset').click();
      await expect.poll(() => fieldErrors().count()).toBe(3);
      await expectNoEnglish(`${language} forgot password, fields left empty`);
    }
  });

  it('adds an account and switches to it in the language', async () => {
    for (const language of LANGUAGES) {
      const linked = LINKED[language];
      await store.page.context().clearCookies();
      await store.loginAs(SHOPPER[language].email);
      await store.openHydrated(`/${language}/addaccount`);
      await expectNoEnglish(`${language} add account`);
      await expectLinksIn(language, `${language} add account`);
      await button('password').click();
      await alert().waitFor();
      await expectNoEnglish(`${language} add account, fields left empty`);

      await main().locator('button[name="with"][value="otp"]').click();
      await store.page.waitForURL(/with=otp/);
      await button('send').click();
      await fieldErrors().first().waitFor();
      await expectNoEnglish(`${language} add account with a code, no contact`);

      await main().locator('button[name="with"][value="password"]').click();
      await store.page.waitForURL(/with=password/);
      await input('emailOrMobile').fill(linked.email);
      await input('password').fill(DEMO_PASSWORDS.shopper);
      await button('password').click();
      await status().waitFor();
      await expectNoEnglish(`${language} add account, added`);
      // after the message, the accounts to switch to, in the language
      await store.page.waitForURL(store.url(`/${language}/switchaccount`));
      const card = main().locator('.account-card');
      await card.first().waitFor();
      // the linked accounts' names and emails, as stored (the button that switches to one names it)
      const names = await main().locator('.account-who').allInnerTexts();
      expect(names.join(' ')).toContain(linked.email);
      await expectNoEnglish(`${language} switch account`, names);

      await card.filter({ hasText: linked.email }).locator('button[value="send"]').click();
      await input('code').waitFor();
      await status().waitFor();
      await expectNoEnglish(`${language} switch account, the code sent`, names);
      await button('switch').click();
      await fieldErrors().first().waitFor();
      await expectNoEnglish(`${language} switch account, no code`, names);
      if (language === 'hi')
        for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
          await store.screenshot('languages-signin-hi-switchaccount', width);
          expect(await store.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            width,
          );
        }
      await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
      await input('code').fill(await codeSentTo(store.db, linked.email));
      await button('switch').click();
      await store.page.waitForURL(store.url(`/${language}/myprofile`));
    }
  });
});
