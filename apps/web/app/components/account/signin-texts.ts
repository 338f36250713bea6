// The sign-in pages' messages that the domain words in English (a field's check, the API's answer),
// shown in the page's language (requirements#languages): each English text is matched to its key
// in the signin catalog; a text with a number in it is matched through the domain's own wording.
import { CODE_MESSAGES } from '@marketplace/domain/accounts/codes';
import { LINKED_ACCOUNT_MESSAGES } from '@marketplace/domain/accounts/linked-accounts';
import { CODE_LOGIN_MESSAGES, LOGIN_MESSAGES, RESET_MESSAGES } from '@marketplace/domain/accounts/login';
import {
  type Gender,
  NEW_PASSWORD_MESSAGES,
  REGISTRATION_MESSAGES,
} from '@marketplace/domain/accounts/registration';
import { type MessageKey, useServerText, useT } from '../../i18n/intl.tsx';

/**
 * The domain's fixed English texts the sign-in pages may show, each with its key (some texts are
 * the same in several flows: one key each).
 */
export const SIGNIN_SERVER_ENTRIES: readonly (readonly [string, MessageKey])[] = [
  [LOGIN_MESSAGES.email, 'signin.error.loginEmail'],
  [LOGIN_MESSAGES.password, 'signin.error.loginPassword'],
  [LOGIN_MESSAGES.wrongCredentials, 'signin.error.wrongCredentials'],
  [LOGIN_MESSAGES.failed, 'signin.error.failed'],
  [LOGIN_MESSAGES.temporaryPasswordExpired, 'signin.error.temporaryPasswordExpired'],
  [CODE_LOGIN_MESSAGES.contact, 'signin.error.contact'],
  [CODE_LOGIN_MESSAGES.code, 'signin.error.loginCode'],
  [CODE_LOGIN_MESSAGES.sent, 'signin.notice.loginCodeSent'],
  [CODE_LOGIN_MESSAGES.sendFailed, 'signin.error.loginCodeSendFailed'],
  [CODE_LOGIN_MESSAGES.verifyFailed, 'signin.error.verifyFailed'],
  [RESET_MESSAGES.email, 'signin.error.email'],
  [RESET_MESSAGES.newRequired, 'signin.error.newPasswordRequired'],
  [RESET_MESSAGES.confirmRequired, 'signin.error.confirmRequired'],
  [RESET_MESSAGES.mismatch, 'signin.error.resetMismatch'],
  [RESET_MESSAGES.tooShort, 'signin.error.passwordTooShort'],
  [RESET_MESSAGES.code, 'signin.error.resetCode'],
  [RESET_MESSAGES.sendFailed, 'signin.error.resetSendFailed'],
  [RESET_MESSAGES.sent, 'signin.notice.resetCodeSent'],
  [RESET_MESSAGES.done, 'signin.notice.passwordReset'],
  [RESET_MESSAGES.failed, 'signin.error.failed'],
  [REGISTRATION_MESSAGES.firstNameRequired, 'signin.error.firstNameRequired'],
  [REGISTRATION_MESSAGES.lastNameRequired, 'signin.error.lastNameRequired'],
  [REGISTRATION_MESSAGES.nameTooLong, 'signin.error.nameTooLong'],
  [REGISTRATION_MESSAGES.nameInvalid, 'signin.error.nameInvalid'],
  [REGISTRATION_MESSAGES.email, 'signin.error.email'],
  [REGISTRATION_MESSAGES.mobile, 'signin.error.mobile'],
  [REGISTRATION_MESSAGES.password, 'signin.error.passwordTooShort'],
  [REGISTRATION_MESSAGES.passwordTooLong, 'signin.error.passwordTooLong'],
  [REGISTRATION_MESSAGES.confirmRequired, 'signin.error.confirmYourPassword'],
  [REGISTRATION_MESSAGES.mismatch, 'signin.error.mismatch'],
  [REGISTRATION_MESSAGES.gender, 'signin.error.gender'],
  [REGISTRATION_MESSAGES.emailCodeRequired, 'signin.error.emailCodeRequired'],
  [REGISTRATION_MESSAGES.mobileCodeRequired, 'signin.error.mobileCodeRequired'],
  [REGISTRATION_MESSAGES.codeTooLong, 'signin.error.codeTooLong'],
  [REGISTRATION_MESSAGES.emailTaken, 'signin.error.emailTaken'],
  [REGISTRATION_MESSAGES.mobileTaken, 'signin.error.mobileTaken'],
  [REGISTRATION_MESSAGES.expired, 'signin.error.expired'],
  [REGISTRATION_MESSAGES.codesSent, 'signin.notice.codesSent'],
  [REGISTRATION_MESSAGES.codesResent, 'signin.notice.codesResent'],
  [REGISTRATION_MESSAGES.failed, 'signin.error.somethingWrong'],
  [NEW_PASSWORD_MESSAGES.common, 'signin.error.commonPassword'],
  [NEW_PASSWORD_MESSAGES.staffTooShort, 'signin.error.staffPasswordTooShort'],
  [CODE_MESSAGES.enterCode, 'signin.error.enterCode'],
  [CODE_MESSAGES.invalid, 'signin.error.codeInvalid'],
  [CODE_MESSAGES.tooManyAttempts, 'signin.error.codeTooManyAttempts'],
  [CODE_MESSAGES.sendFailed, 'signin.error.codeSendFailed'],
  [CODE_MESSAGES.resendFailed, 'signin.error.resendFailed'],
  [CODE_MESSAGES.resendError, 'signin.error.resendError'],
  [CODE_MESSAGES.verifyFailed, 'signin.error.verifyFailed'],
  [LINKED_ACCOUNT_MESSAGES.bothRequired, 'signin.error.bothRequired'],
  [LINKED_ACCOUNT_MESSAGES.enterCode, 'signin.error.enterCode'],
  [LINKED_ACCOUNT_MESSAGES.contact, 'signin.error.contact'],
  [LINKED_ACCOUNT_MESSAGES.code, 'signin.error.linkCode'],
  [LINKED_ACCOUNT_MESSAGES.wrongCredentials, 'signin.error.linkWrongCredentials'],
  [LINKED_ACCOUNT_MESSAGES.self, 'signin.error.self'],
  [LINKED_ACCOUNT_MESSAGES.alreadyLinked, 'signin.error.alreadyLinked'],
  [LINKED_ACCOUNT_MESSAGES.linked, 'signin.notice.linked'],
  [LINKED_ACCOUNT_MESSAGES.codeSent, 'signin.notice.switchCodeSent'],
  [LINKED_ACCOUNT_MESSAGES.linkCodeSent, 'signin.notice.linkCodeSent'],
  [LINKED_ACCOUNT_MESSAGES.notLinked, 'signin.error.notLinked'],
  [LINKED_ACCOUNT_MESSAGES.none, 'signin.noLinkedAccounts'],
  [LINKED_ACCOUNT_MESSAGES.failed, 'signin.error.somethingWrong'],
];

/** The same, as `useServerText` takes it. */
export const SIGNIN_SERVER_TEXTS: Readonly<Record<string, MessageKey>> =
  Object.fromEntries(SIGNIN_SERVER_ENTRIES);

/** The domain's texts that hold one number (minutes, seconds, hours): its wording and its key, `{count}` the number. */
export const SIGNIN_COUNTED_TEXTS: readonly (readonly [(count: number) => string, MessageKey])[] = [
  [LOGIN_MESSAGES.tooManyAttempts, 'signin.error.tooManyLogins'],
  [LOGIN_MESSAGES.accountPaused, 'signin.error.accountPaused'],
  [CODE_MESSAGES.waitBeforeResend, 'signin.error.waitBeforeResend'],
  [CODE_MESSAGES.tooManyWrongToday, 'signin.error.tooManyWrongToday'],
  [CODE_MESSAGES.tooManySends, 'signin.error.tooManySends'],
];

/** requirements#registration: the gender choices' labels (GENDER_OPTIONS words them in English). */
export const GENDER_KEYS: Readonly<Record<Gender, MessageKey>> = {
  male: 'signin.gender.male',
  female: 'signin.gender.female',
  others: 'signin.gender.others',
};

/**
 * `const say = useSigninText(); say(answer.alert.text)`: a message of the domain or the API in the
 * page's language; any text it does not know (undefined stays undefined) shows as sent.
 */
export function useSigninText() {
  const t = useT();
  const known = useServerText(SIGNIN_SERVER_TEXTS);
  function say(text: string): string;
  function say(text: string | undefined): string | undefined;
  function say(text: string | undefined) {
    if (text === undefined) return undefined;
    if (Object.hasOwn(SIGNIN_SERVER_TEXTS, text)) return known(text);
    const number = /\d+/.exec(text)?.[0];
    if (number !== undefined) {
      const count = Number(number);
      for (const [wording, key] of SIGNIN_COUNTED_TEXTS)
        if (wording(count) === text) return t(key, { count });
    }
    return text;
  }
  return say;
}
