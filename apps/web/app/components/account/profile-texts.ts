// requirements#languages: the profile area's words that come from elsewhere (the domain's labels and
// the server's English messages), in the page's language. Only the account area's pages use these:
// the `profile.*` keys exist only under its layout.
import { useIntl } from 'react-intl';
import { ADDRESS_FIELD_MAX, ADDRESS_LIMIT, ADDRESS_MESSAGES } from '@marketplace/domain/accounts/addresses';
import {
  BANK_ACCOUNT_LIMIT,
  BANK_ACCOUNT_MESSAGES,
  BANK_TEXT_MAX,
} from '@marketplace/domain/accounts/bank-accounts';
import { LOGOUT_MESSAGES } from '@marketplace/domain/accounts/logout';
import { MESSAGE_PREFERENCE_MESSAGES } from '@marketplace/domain/accounts/message-preferences';
import {
  displayDate,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MESSAGES,
  PASSWORD_MIN,
  PROFILE_MESSAGES,
  UNSET_DATE,
} from '@marketplace/domain/accounts/profile';
import { MIN_PASSWORD_LENGTH, NEW_PASSWORD_MESSAGES } from '@marketplace/domain/accounts/registration';
import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import { GRIEVANCE_LIMITS, GRIEVANCE_MESSAGES } from '@marketplace/domain/grievances/grievances';
import { DEFAULT_LANGUAGE } from '@marketplace/domain/i18n/languages';
import { PRIVACY_MESSAGES } from '@marketplace/domain/privacy/rights';
import { formatIndianDate } from '@marketplace/domain/text/dates';
import { type MessageKey, type MessageValues, useDateText, useLanguage, useT } from '../../i18n/intl.tsx';
import { formatMoment } from '../orders/order-dates.ts';

/** A catalog message, with the values its English needs to read as the domain's text. */
type Said = MessageKey | readonly [MessageKey, MessageValues];

/** The text a failed change shows when the server said nothing (saved lists, bank accounts). */
export const SOMETHING_WENT_WRONG = 'Something went wrong!';

/** The server's own words on deleting an account (apps/server's privacy module), not the domain's. */
export const DELETION_SERVER_TEXTS = {
  taxDocuments: 'Tax invoices and credit notes',
  taxReason:
    'Tax invoices and credit notes issued to you are kept for 72 months, with your name and address as invoiced, because section 36 of the CGST Act, 2017 requires it.',
} as const;

const maxOf = (max: number) => ({ max: max.toLocaleString('en-IN') });

/**
 * The English texts the profile area's pages show from the domain and the server (refusals,
 * validations, confirmations), each with its catalog message.
 */
export const PROFILE_SERVER_TEXTS: Readonly<Record<string, Said>> = {
  [SOMETHING_WENT_WRONG]: 'profile.somethingWrong',
  [LOGOUT_MESSAGES.failed]: 'profile.logout.failed',
  // the profile
  [PROFILE_MESSAGES.saved]: 'profile.msg.saved',
  [PROFILE_MESSAGES.saveFailed]: 'profile.msg.saveFailed',
  [PROFILE_MESSAGES.needsUser]: 'profile.msg.needsUser',
  [PROFILE_MESSAGES.firstName]: 'profile.msg.firstName',
  [PROFILE_MESSAGES.lastName]: 'profile.msg.lastName',
  [PROFILE_MESSAGES.nameTooLong]: ['profile.msg.nameTooLong', maxOf(NAME_MAX)],
  [PROFILE_MESSAGES.nameInvalid]: 'profile.msg.nameInvalid',
  [PROFILE_MESSAGES.mobile]: 'profile.msg.mobile',
  [PROFILE_MESSAGES.mobileTaken]: 'profile.msg.mobileTaken',
  [PROFILE_MESSAGES.gender]: 'profile.msg.gender',
  [PROFILE_MESSAGES.date]: 'profile.msg.date',
  [PROFILE_MESSAGES.birthInFuture]: 'profile.msg.birthInFuture',
  [PROFILE_MESSAGES.anniversaryInFuture]: 'profile.msg.anniversaryInFuture',
  [PROFILE_MESSAGES.tooOld]: 'profile.msg.tooOld',
  // change password
  [PASSWORD_MESSAGES.currentRequired]: 'profile.password.currentRequired',
  [PASSWORD_MESSAGES.wrongCurrent]: 'profile.password.wrongCurrent',
  [PASSWORD_MESSAGES.tooShort]: ['profile.password.tooShort', { min: PASSWORD_MIN }],
  [PASSWORD_MESSAGES.tooLong]: ['profile.password.tooLong', { max: PASSWORD_MAX }],
  [PASSWORD_MESSAGES.mismatch]: 'profile.password.mismatch',
  [PASSWORD_MESSAGES.sameAsCurrent]: 'profile.password.sameAsCurrent',
  [PASSWORD_MESSAGES.failed]: 'profile.password.failed',
  [PASSWORD_MESSAGES.error]: 'profile.password.error',
  [PASSWORD_MESSAGES.updated]: 'profile.password.updated',
  [NEW_PASSWORD_MESSAGES.rule]: ['profile.password.rule', { min: MIN_PASSWORD_LENGTH }],
  [NEW_PASSWORD_MESSAGES.common]: 'profile.password.common',
  // message preferences
  [MESSAGE_PREFERENCE_MESSAGES.saved]: 'profile.messages.saved',
  [MESSAGE_PREFERENCE_MESSAGES.needsUser]: 'profile.messages.needsUser',
  [MESSAGE_PREFERENCE_MESSAGES.invalid]: 'profile.messages.invalid',
  [MESSAGE_PREFERENCE_MESSAGES.failed]: 'profile.messages.failed',
  // addresses
  [ADDRESS_MESSAGES.required.firstName]: 'profile.address.required.firstName',
  [ADDRESS_MESSAGES.required.lastName]: 'profile.address.required.lastName',
  [ADDRESS_MESSAGES.required.email]: 'profile.address.required.email',
  [ADDRESS_MESSAGES.required.mobile]: 'profile.address.required.mobile',
  [ADDRESS_MESSAGES.required.doorNo]: 'profile.address.required.doorNo',
  [ADDRESS_MESSAGES.required.street]: 'profile.address.required.street',
  [ADDRESS_MESSAGES.required.landmark]: 'profile.address.required.landmark',
  [ADDRESS_MESSAGES.required.pincode]: 'profile.address.required.pincode',
  [ADDRESS_MESSAGES.email]: 'profile.address.msg.email',
  [ADDRESS_MESSAGES.pincode]: 'profile.address.msg.pincode',
  [ADDRESS_MESSAGES.tooLong]: ['profile.address.msg.tooLong', maxOf(ADDRESS_FIELD_MAX)],
  [ADDRESS_MESSAGES.saveFailed]: 'profile.address.msg.saveFailed',
  [ADDRESS_MESSAGES.added]: 'profile.address.msg.added',
  [ADDRESS_MESSAGES.updated]: 'profile.address.msg.updated',
  [ADDRESS_MESSAGES.defaultUpdated]: 'profile.address.msg.defaultUpdated',
  [ADDRESS_MESSAGES.deleted]: 'profile.address.msg.deleted',
  [ADDRESS_MESSAGES.defaultNotDeletable]: 'profile.address.msg.defaultNotDeletable',
  [ADDRESS_MESSAGES.notFound]: 'profile.address.msg.notFound',
  [ADDRESS_MESSAGES.limit]: ['profile.address.msg.limit', { max: ADDRESS_LIMIT }],
  // bank accounts
  [BANK_ACCOUNT_MESSAGES.accountName]: 'profile.bank.msg.accountName',
  [BANK_ACCOUNT_MESSAGES.accountNumber]: 'profile.bank.msg.accountNumber',
  [BANK_ACCOUNT_MESSAGES.accountNumberShape]: 'profile.bank.msg.accountNumberShape',
  [BANK_ACCOUNT_MESSAGES.ifsc]: 'profile.bank.msg.ifsc',
  [BANK_ACCOUNT_MESSAGES.ifscShape]: 'profile.bank.msg.ifscShape',
  [BANK_ACCOUNT_MESSAGES.bankName]: 'profile.bank.msg.bankName',
  [BANK_ACCOUNT_MESSAGES.accountType]: 'profile.bank.msg.accountType',
  [BANK_ACCOUNT_MESSAGES.tooLong]: ['profile.bank.msg.tooLong', maxOf(BANK_TEXT_MAX)],
  [BANK_ACCOUNT_MESSAGES.invalidText]: 'profile.bank.msg.invalidText',
  [BANK_ACCOUNT_MESSAGES.defaultUpdated]: 'profile.bank.msg.defaultUpdated',
  [BANK_ACCOUNT_MESSAGES.updated]: 'profile.bank.msg.updated',
  [BANK_ACCOUNT_MESSAGES.added]: 'profile.bank.msg.added',
  [BANK_ACCOUNT_MESSAGES.deleted]: 'profile.bank.msg.deleted',
  [BANK_ACCOUNT_MESSAGES.defaultNotDeletable]: 'profile.bank.msg.defaultNotDeletable',
  [BANK_ACCOUNT_MESSAGES.notFound]: 'profile.bank.msg.notFound',
  [BANK_ACCOUNT_MESSAGES.limit]: ['profile.bank.msg.limit', { max: BANK_ACCOUNT_LIMIT }],
  // saved lists
  [CART_MESSAGES.movedToCart]: 'profile.lists.movedToCart',
  [CART_MESSAGES.deletedFromSaveForLater]: 'profile.lists.deletedFromSaveForLater',
  [CART_MESSAGES.removedFromWishlist]: 'profile.lists.removedFromWishlist',
  [CART_MESSAGES.invalidProduct]: 'profile.lists.invalidProduct',
  // privacy and deleting the account
  [PRIVACY_MESSAGES.needsUser]: 'profile.privacy.needsUser',
  [PRIVACY_MESSAGES.consentGiven]: 'profile.privacy.consentGiven',
  [PRIVACY_MESSAGES.consentWithdrawn]: 'profile.privacy.consentWithdrawn',
  [PRIVACY_MESSAGES.consentInvalid]: 'profile.privacy.consentInvalid',
  [PRIVACY_MESSAGES.failed]: 'profile.privacy.failed',
  [PRIVACY_MESSAGES.deleteConfirmInvalid]: ['profile.deletion.confirmInvalid', { word: 'DELETE' }],
  [PRIVACY_MESSAGES.deleteSellerOrStaff]: 'profile.deletion.sellerOrStaff',
  [PRIVACY_MESSAGES.deleted]: 'profile.deletion.deleted',
  [DELETION_SERVER_TEXTS.taxDocuments]: 'profile.deletion.taxDocuments',
  [DELETION_SERVER_TEXTS.taxReason]: 'profile.deletion.taxReason',
  // the shopper's grievances
  [GRIEVANCE_MESSAGES.replied]: 'profile.grievances.msg.replied',
  [GRIEVANCE_MESSAGES.resolved]: 'profile.grievances.msg.resolved',
  [GRIEVANCE_MESSAGES.notFound]: 'profile.grievances.msg.notFound',
  [GRIEVANCE_MESSAGES.messageLength]: [
    'profile.grievances.msg.messageLength',
    maxOf(GRIEVANCE_LIMITS.messageMax),
  ],
  [GRIEVANCE_MESSAGES.controlCharacters]: 'profile.grievances.msg.controlCharacters',
};

/** What the grievance form's action says itself (routes/grievances/my-grievance.tsx). */
export const GRIEVANCE_REPLY_TEXTS = {
  notUnderstood: 'This form was not understood. Please try again.',
  checkReply: 'Check your reply.',
  failed: 'Your reply could not be added. Please try again.',
} as const;

const REPLY_TEXTS: Readonly<Record<string, MessageKey>> = {
  [GRIEVANCE_REPLY_TEXTS.notUnderstood]: 'profile.grievances.msg.notUnderstood',
  [GRIEVANCE_REPLY_TEXTS.checkReply]: 'profile.grievances.msg.checkReply',
  [GRIEVANCE_REPLY_TEXTS.failed]: 'profile.grievances.msg.replyFailed',
};

// "Your complaint is registered. Your ticket number is {ticketNo}." around its ticket number
const [FILED_BEFORE = '', FILED_AFTER = ''] = GRIEVANCE_MESSAGES.filed('\u0000').split('\u0000');

/**
 * A text the server or the domain wrote in English, in the page's language: a known one by its
 * message, a bank account's "Error: …" with its message translated, anything else as sent.
 */
export function useProfileText() {
  const t = useT();
  const say = (text: string): string => {
    const known = Object.hasOwn(PROFILE_SERVER_TEXTS, text) ? PROFILE_SERVER_TEXTS[text] : undefined;
    if (known) return typeof known === 'string' ? t(known) : t(known[0], known[1]);
    const reply = Object.hasOwn(REPLY_TEXTS, text) ? REPLY_TEXTS[text] : undefined;
    if (reply) return t(reply);
    const prefix = BANK_ACCOUNT_MESSAGES.errorPrefix;
    if (text.startsWith(prefix) && text.length > prefix.length)
      return t('profile.errorPrefixed', { message: say(text.slice(prefix.length)) });
    if (text.length > FILED_BEFORE.length + FILED_AFTER.length)
      if (text.startsWith(FILED_BEFORE) && text.endsWith(FILED_AFTER))
        return t('profile.grievances.msg.filed', {
          ticketNo: text.slice(FILED_BEFORE.length, text.length - FILED_AFTER.length),
        });
    return text;
  };
  return say;
}

/** A field's message (or none) in the page's language. */
export function useFieldText() {
  const say = useProfileText();
  return (text: string | undefined) => (text === undefined ? undefined : say(text));
}

/**
 * A state as the pincode list names it, in the page's language where the catalog has it under
 * `profile.state.<name>`; an unknown one stays as stored.
 */
export function useStateName() {
  const intl = useIntl();
  return (state: string) => {
    const key = `profile.state.${state}`;
    return key in intl.messages ? intl.formatMessage({ id: key }) : state;
  };
}

const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' };
const MOMENT: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
};
const STORED: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
};
const MEDIUM: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/**
 * The profile area's dates: in English exactly as the pages always wrote them, in the other
 * languages with their own month names (Indian time; digits stay Latin).
 */
export function useProfileDates() {
  const language = useLanguage();
  const dateText = useDateText();
  const t = useT();
  const english = language === DEFAULT_LANGUAGE;
  return {
    /** a moment's day: 'Mon, 23 Nov 2026' */
    day: (iso: string) => (english ? formatIndianDate(iso) : dateText(iso, DAY)),
    /** a moment with its time: '23 Nov, 4:05 pm' */
    moment: (iso: string) => (english ? formatMoment(iso) : dateText(iso, MOMENT)),
    /** a medium date: '6 Dec 2026' */
    medium: (iso: string) => dateText(iso, MEDIUM),
    /** a stored calendar date (YYYY-MM-DD) or 'Not set' (requirements#profile) */
    stored: (value: string | null | undefined) => {
      const shown = displayDate(value);
      if (english) return shown;
      if (!value || value === UNSET_DATE || shown === PROFILE_MESSAGES.notSet) return t('profile.notSet');
      return dateText(`${value}T00:00:00Z`, STORED);
    },
  };
}
