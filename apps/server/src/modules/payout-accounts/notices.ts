import { maskAccountNumber } from '@marketplace/domain/sellers/seller-join';
import { formatIndianDateTime } from '@marketplace/domain/text/dates';
import type { NewMessage } from '../messages/index.ts';

/** Where a seller is reached: its login's email and mobile, and the business contact on its profile. */
export type SellerContacts = {
  email: string | null;
  mobile: string | null;
  contactEmail: string | null;
  contactMobile: string | null;
};

/**
 * requirements#payout-account: the notice of a changed payout account, to every contact the seller
 * had before the change (login and business, email and SMS, each once), so a change the seller did
 * not make is seen while payouts are still held.
 */
export function bankChangedNotices(
  contacts: SellerContacts,
  change: {
    newAccountNumber: string;
    previousLast4: string | null;
    by: 'seller' | 'staff';
    at: Date;
    heldUntil: Date;
  },
): NewMessage[] {
  const emails = new Set(
    [contacts.email, contacts.contactEmail]
      .filter((e): e is string => !!e)
      .map((e) => e.trim().toLowerCase()),
  );
  const mobiles = new Set(
    [contacts.mobile, contacts.contactMobile].filter((m): m is string => !!m).map((m) => m.trim()),
  );
  const account = maskAccountNumber(change.newAccountNumber);
  const from = change.previousLast4 ? ` (it was •••• ${change.previousLast4})` : '';
  const who =
    change.by === 'staff'
      ? 'by our seller support team, at your request'
      : 'from your Seller Central account';
  const when = formatIndianDateTime(change.at);
  const until = formatIndianDateTime(change.heldUntil);
  const warning = 'If you did not ask for this, contact Bazaar seller support at once.';
  return [
    ...[...emails].map((recipient): NewMessage => ({
      channel: 'email',
      recipient,
      subject: 'Your Bazaar payout bank account was changed',
      body: `The bank account your Bazaar payouts go to was changed ${who} on ${when} (India time) to ${account}${from}. For your safety, no payout is sent before ${until} (India time), and none before your bank confirms the new account. ${warning}`,
      template: 'seller-bank-changed',
    })),
    ...[...mobiles].map((recipient): NewMessage => ({
      channel: 'sms',
      recipient,
      body: `Your Bazaar payout bank account was changed to ${account} on ${when}. Payouts held until ${until}. Not you? Contact Bazaar seller support now.`,
      template: 'seller-bank-changed',
      variables: { account, until },
    })),
  ];
}
