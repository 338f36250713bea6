// requirements#languages: the sign-in pages' English catalog says exactly what the domain (and so
// the spec and the existing tests) says, and every English text the pages are sent has its key.
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { CODE_MESSAGES } from '@marketplace/domain/accounts/codes';
import { LINKED_ACCOUNT_MESSAGES } from '@marketplace/domain/accounts/linked-accounts';
import { CODE_LOGIN_MESSAGES, LOGIN_MESSAGES, RESET_MESSAGES } from '@marketplace/domain/accounts/login';
import {
  GENDER_OPTIONS,
  NEW_PASSWORD_MESSAGES,
  REGISTRATION_MESSAGES,
} from '@marketplace/domain/accounts/registration';
import { LANGUAGES } from '@marketplace/domain/i18n/languages';
import {
  GENDER_KEYS,
  SIGNIN_COUNTED_TEXTS,
  SIGNIN_SERVER_ENTRIES,
} from '../components/account/signin-texts.ts';
import { AREA_CATALOGS } from './catalog.server.ts';

const english: Record<string, string> = AREA_CATALOGS.signin.en;
const say = (key: string, values?: Record<string, number>) =>
  String(new IntlMessageFormat(english[key] ?? '', 'en-IN').format(values));

/** Each English entry and the domain's text it must equal. */
const SAME_AS_DOMAIN: (readonly [string, string])[] = [
  ['signin.error.loginEmail', LOGIN_MESSAGES.email],
  ['signin.error.loginPassword', LOGIN_MESSAGES.password],
  ['signin.error.wrongCredentials', LOGIN_MESSAGES.wrongCredentials],
  ['signin.error.failed', LOGIN_MESSAGES.failed],
  ['signin.error.temporaryPasswordExpired', LOGIN_MESSAGES.temporaryPasswordExpired],
  ['signin.error.contact', CODE_LOGIN_MESSAGES.contact],
  ['signin.error.loginCode', CODE_LOGIN_MESSAGES.code],
  ['signin.notice.loginCodeSent', CODE_LOGIN_MESSAGES.sent],
  ['signin.error.loginCodeSendFailed', CODE_LOGIN_MESSAGES.sendFailed],
  ['signin.error.verifyFailed', CODE_LOGIN_MESSAGES.verifyFailed],
  ['signin.error.email', RESET_MESSAGES.email],
  ['signin.error.newPasswordRequired', RESET_MESSAGES.newRequired],
  ['signin.error.confirmRequired', RESET_MESSAGES.confirmRequired],
  ['signin.error.resetMismatch', RESET_MESSAGES.mismatch],
  ['signin.error.passwordTooShort', RESET_MESSAGES.tooShort],
  ['signin.error.resetCode', RESET_MESSAGES.code],
  ['signin.error.resetSendFailed', RESET_MESSAGES.sendFailed],
  ['signin.notice.resetCodeSent', RESET_MESSAGES.sent],
  ['signin.notice.passwordReset', RESET_MESSAGES.done],
  ['signin.error.failed', RESET_MESSAGES.failed],
  ['signin.error.firstNameRequired', REGISTRATION_MESSAGES.firstNameRequired],
  ['signin.error.lastNameRequired', REGISTRATION_MESSAGES.lastNameRequired],
  ['signin.error.nameTooLong', REGISTRATION_MESSAGES.nameTooLong],
  ['signin.error.nameInvalid', REGISTRATION_MESSAGES.nameInvalid],
  ['signin.error.email', REGISTRATION_MESSAGES.email],
  ['signin.error.mobile', REGISTRATION_MESSAGES.mobile],
  ['signin.error.passwordTooShort', REGISTRATION_MESSAGES.password],
  ['signin.error.passwordTooLong', REGISTRATION_MESSAGES.passwordTooLong],
  ['signin.error.confirmYourPassword', REGISTRATION_MESSAGES.confirmRequired],
  ['signin.error.mismatch', REGISTRATION_MESSAGES.mismatch],
  ['signin.error.gender', REGISTRATION_MESSAGES.gender],
  ['signin.error.emailCodeRequired', REGISTRATION_MESSAGES.emailCodeRequired],
  ['signin.error.mobileCodeRequired', REGISTRATION_MESSAGES.mobileCodeRequired],
  ['signin.error.codeTooLong', REGISTRATION_MESSAGES.codeTooLong],
  ['signin.error.emailTaken', REGISTRATION_MESSAGES.emailTaken],
  ['signin.error.mobileTaken', REGISTRATION_MESSAGES.mobileTaken],
  ['signin.error.expired', REGISTRATION_MESSAGES.expired],
  ['signin.notice.codesSent', REGISTRATION_MESSAGES.codesSent],
  ['signin.notice.codesResent', REGISTRATION_MESSAGES.codesResent],
  ['signin.error.somethingWrong', REGISTRATION_MESSAGES.failed],
  ['signin.passwordRule', NEW_PASSWORD_MESSAGES.rule],
  ['signin.error.commonPassword', NEW_PASSWORD_MESSAGES.common],
  ['signin.error.staffPasswordTooShort', NEW_PASSWORD_MESSAGES.staffTooShort],
  ['signin.error.enterCode', CODE_MESSAGES.enterCode],
  ['signin.error.codeInvalid', CODE_MESSAGES.invalid],
  ['signin.error.codeTooManyAttempts', CODE_MESSAGES.tooManyAttempts],
  ['signin.error.codeSendFailed', CODE_MESSAGES.sendFailed],
  ['signin.error.resendFailed', CODE_MESSAGES.resendFailed],
  ['signin.error.resendError', CODE_MESSAGES.resendError],
  ['signin.error.verifyFailed', CODE_MESSAGES.verifyFailed],
  ['signin.error.bothRequired', LINKED_ACCOUNT_MESSAGES.bothRequired],
  ['signin.error.enterCode', LINKED_ACCOUNT_MESSAGES.enterCode],
  ['signin.error.contact', LINKED_ACCOUNT_MESSAGES.contact],
  ['signin.error.linkCode', LINKED_ACCOUNT_MESSAGES.code],
  ['signin.error.linkWrongCredentials', LINKED_ACCOUNT_MESSAGES.wrongCredentials],
  ['signin.error.self', LINKED_ACCOUNT_MESSAGES.self],
  ['signin.error.alreadyLinked', LINKED_ACCOUNT_MESSAGES.alreadyLinked],
  ['signin.notice.linked', LINKED_ACCOUNT_MESSAGES.linked],
  ['signin.notice.switchCodeSent', LINKED_ACCOUNT_MESSAGES.codeSent],
  ['signin.notice.linkCodeSent', LINKED_ACCOUNT_MESSAGES.linkCodeSent],
  ['signin.error.notLinked', LINKED_ACCOUNT_MESSAGES.notLinked],
  ['signin.noLinkedAccounts', LINKED_ACCOUNT_MESSAGES.none],
  ...GENDER_OPTIONS.map((option) => [GENDER_KEYS[option.value], option.label] as const),
];

describe('the sign-in catalog', () => {
  it.each(SAME_AS_DOMAIN)('English %s is the domain’s “%s”', (key, text) => {
    expect(english[key]).toBe(text);
  });

  it.each([
    ['signin.error.tooManyLogins', LOGIN_MESSAGES.tooManyAttempts],
    ['signin.error.accountPaused', LOGIN_MESSAGES.accountPaused],
    ['signin.error.waitBeforeResend', CODE_MESSAGES.waitBeforeResend],
    ['signin.error.tooManyWrongToday', CODE_MESSAGES.tooManyWrongToday],
    ['signin.error.tooManySends', CODE_MESSAGES.tooManySends],
  ] as const)('English %s words every count as the domain does', (key, wording) => {
    for (const count of [1, 2, 5, 29, 60]) expect(say(key, { count })).toBe(wording(count));
  });

  it('maps every English text the pages may be sent to the key that says it', () => {
    const wrong = SIGNIN_SERVER_ENTRIES.filter(([text, key]) => english[key] !== text);
    expect(wrong).toEqual([]);
    for (const [wording, key] of SIGNIN_COUNTED_TEXTS)
      for (const count of [1, 3]) expect(say(key, { count })).toBe(wording(count));
  });

  it('keeps the English resend countdown as the pages showed it: “Resend OTP in 30s”', () => {
    expect(
      String(new IntlMessageFormat(english['signin.resendOtpIn'] ?? '', 'en-IN').format({ seconds: 30 })),
    ).toBe('Resend OTP in 30s');
  });

  it('gives every language each key, none left in English but the code name OTP', () => {
    for (const language of LANGUAGES.filter((code) => code !== 'en')) {
      const catalog: Record<string, string> = AREA_CATALOGS.signin[language];
      const same = Object.keys(english).filter((key) => catalog[key] === english[key]);
      expect(same, language).toEqual(['signin.otp']);
    }
  });
});
