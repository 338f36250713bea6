import { CODE_RULES } from '@marketplace/domain/accounts/codes';
import type { NewMessage } from '../messages/index.ts';

const SITE = 'Bazaar';
const expiry = `It expires in ${CODE_RULES.ttlMinutes} minutes. Never share it with anyone.`;

const WHAT: Record<string, string> = {
  'registration-code': 'verify your new account',
  'login-code': 'log in',
  'password-reset-code': 'reset your password',
  'link-account-code': 'link this account to another one',
  'switch-account-code': 'switch to this account',
  'order-cancel-code': 'confirm the cancellation of your order items',
  'seller-bank-change-code': 'change the bank account your seller payouts go to',
};

/** The email and SMS carrying a code: the same text a person reads in their inbox or SMS app. */
export function codeMessages(
  template: keyof typeof WHAT,
  code: string,
  to: { email?: string | null; mobile?: string | null },
): NewMessage[] {
  const what = WHAT[template] ?? 'continue';
  const messages: NewMessage[] = [];
  if (to.email)
    messages.push({
      channel: 'email',
      recipient: to.email,
      subject: `${code} is your ${SITE} OTP`,
      body: `Your ${SITE} OTP to ${what} is ${code}. ${expiry}`,
      template,
    });
  if (to.mobile)
    messages.push({
      channel: 'sms',
      recipient: to.mobile,
      body: `${code} is your ${SITE} OTP to ${what}. ${expiry}`,
      template,
      // the DLT-registered template of this kind carries the code as its variable (ADR-0018)
      variables: { otp: code },
    });
  return messages;
}

/** The SMS text of `registration-account-exists`, registered with DLT as it is (no variables). */
export const ACCOUNT_EXISTS_SMS = `Someone tried to open a new ${SITE} account with this mobile number, which already has one. If it was you, log in or reset your password. - ${SITE}`;

/**
 * requirements#registration-existing: what the owner of an email or mobile gets when someone starts a
 * registration with it: no code, the news that it already has an account and what to do.
 */
export function accountExistsMessages(to: { email?: string | null; mobile?: string | null }): NewMessage[] {
  const messages: NewMessage[] = [];
  if (to.email)
    messages.push({
      channel: 'email',
      recipient: to.email,
      subject: `You already have a ${SITE} account`,
      body: `Someone, perhaps you, tried to open a new ${SITE} account with this email address. It already has an account, so no new one was made. If it was you, log in, or use Forgot password to choose a new password. If it was not you, you need do nothing: your account is unchanged.`,
      template: 'registration-account-exists',
    });
  if (to.mobile)
    messages.push({
      channel: 'sms',
      recipient: to.mobile,
      body: ACCOUNT_EXISTS_SMS,
      template: 'registration-account-exists',
      variables: {},
    });
  return messages;
}

export function welcomeMessage(email: string, firstName: string): NewMessage {
  return {
    channel: 'email',
    recipient: email,
    subject: `Welcome to ${SITE}, ${firstName}`,
    body: `Hello ${firstName}, your ${SITE} account is ready. Happy shopping!`,
    template: 'welcome',
  };
}

export function passwordChangedMessage(email: string): NewMessage {
  return {
    channel: 'email',
    recipient: email,
    subject: `Your ${SITE} password was changed`,
    body: `The password of your ${SITE} account was just reset, and every device was logged out. If this was not you, reset it again now and contact support.`,
    template: 'password-changed',
  };
}
