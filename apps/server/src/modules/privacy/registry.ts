// requirements#personal-data-registry: every table that holds a shopper's personal data, with the
// column that ties a row to its shopper, the personal columns, and what erasure does to the row
// (DPDP Act s. 8(7), s. 12). registry.test.ts walks the schema and fails on a table it misses;
// export and erasure are both driven from this list, so a table here is covered by both.
import {
  addresses,
  bankAccounts,
  browsingHistory,
  campaignEvents,
  cartItems,
  dealClicks,
  feedback,
  grievances,
  itemRequests,
  linkedAccounts,
  messagePreferences,
  oneTimeCodes,
  orders,
  privacyBreachSubjects,
  privacyConsents,
  reviews,
  savedItems,
  searchHistory,
  sellerMessages,
  sessions,
  uploads,
} from '@marketplace/db';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** Why tax documents outlive the account (requirements#tax-retention). */
export const TAX_RETENTION_REASON =
  'Tax invoices and credit notes issued to you are kept for 72 months, with your name and address as invoiced, because section 36 of the CGST Act, 2017 requires it.';

export type Erasure =
  /** the rows are deleted */
  | { kind: 'delete' }
  /** the rows stay (other people's records hang on them) with these columns overwritten */
  | { kind: 'anonymise'; set: Record<string, unknown> }
  /** the rows are kept as they are, because a law requires it */
  | { kind: 'retain'; reason: string };

export type PersonalTable = {
  /** the key in the export file */
  name: string;
  table: PgTable;
  /** the column holding the shopper's user id */
  owner: PgColumn;
  /** the columns that are personal data, by their TypeScript names */
  personal: readonly string[];
  erasure: Erasure;
};

const deleted: Erasure = { kind: 'delete' };
const ERASED_NAME = 'Erased';

/** Tables keyed to a shopper (the users row itself is handled by the erasure, see erase.ts). */
export const PERSONAL_TABLES: readonly PersonalTable[] = [
  {
    name: 'addresses',
    table: addresses,
    owner: addresses.userId,
    personal: ['firstName', 'lastName', 'email', 'mobile', 'doorNo', 'street', 'landmark', 'pincode'],
    erasure: deleted,
  },
  {
    name: 'bankAccounts',
    table: bankAccounts,
    owner: bankAccounts.userId,
    personal: ['accountName', 'accountNumber', 'ifsc'],
    erasure: deleted,
  },
  {
    name: 'orders',
    table: orders,
    owner: orders.userId,
    personal: [
      'deliveryName',
      'deliveryPhone',
      'deliveryEmail',
      'deliveryAddress',
      'buyerGstin',
      'buyerBusinessName',
    ],
    // the order stays for the sellers' accounts and the invoices; who and where it went does not
    erasure: {
      kind: 'anonymise',
      set: {
        deliveryName: ERASED_NAME,
        deliveryPhone: '',
        deliveryEmail: '',
        deliveryAddress: '',
        buyerGstin: null,
        buyerBusinessName: null,
      },
    },
  },
  {
    name: 'returnsAndCancellations',
    table: itemRequests,
    owner: itemRequests.userId,
    personal: ['additionalInfo'],
    erasure: { kind: 'anonymise', set: { additionalInfo: null } },
  },
  { name: 'reviews', table: reviews, owner: reviews.userId, personal: ['body', 'images'], erasure: deleted },
  {
    name: 'feedback',
    table: feedback,
    owner: feedback.userId,
    personal: ['body'],
    erasure: { kind: 'anonymise', set: { body: '' } },
  },
  {
    name: 'messagesToSellers',
    table: sellerMessages,
    owner: sellerMessages.userId,
    personal: ['body'],
    // the seller's side of the conversation stays; the shopper's words go
    erasure: { kind: 'anonymise', set: { body: '' } },
  },
  {
    name: 'grievances',
    table: grievances,
    owner: grievances.userId,
    personal: ['subject', 'description'],
    erasure: {
      kind: 'anonymise',
      set: { subject: 'Erased', description: 'Erased at the shopper’s request.' },
    },
  },
  {
    name: 'cart',
    table: cartItems,
    owner: cartItems.userId,
    personal: ['offerId', 'quantity'],
    erasure: deleted,
  },
  {
    name: 'savedItems',
    table: savedItems,
    owner: savedItems.userId,
    personal: ['productId', 'list'],
    erasure: deleted,
  },
  {
    name: 'browsingHistory',
    table: browsingHistory,
    owner: browsingHistory.userId,
    personal: ['productId', 'viewedAt'],
    erasure: deleted,
  },
  {
    name: 'searchHistory',
    table: searchHistory,
    owner: searchHistory.userId,
    personal: ['keyword', 'searchedAt'],
    erasure: deleted,
  },
  {
    name: 'messagePreferences',
    table: messagePreferences,
    owner: messagePreferences.userId,
    personal: ['smsOffers', 'emailOffers', 'whatsappOffers'],
    erasure: deleted,
  },
  {
    name: 'consents',
    table: privacyConsents,
    owner: privacyConsents.userId,
    personal: ['purpose', 'isGranted', 'noticeVersion'],
    erasure: deleted,
  },
  {
    name: 'signIns',
    table: sessions,
    owner: sessions.userId,
    personal: ['ipAddress', 'userAgent', 'createdAt', 'lastSeenAt'],
    // erasure ends every session: the account can no longer be used anywhere
    erasure: deleted,
  },
  {
    name: 'oneTimeCodes',
    table: oneTimeCodes,
    owner: oneTimeCodes.userId,
    personal: ['target', 'payload'],
    erasure: deleted,
  },
  {
    name: 'linkedAccounts',
    table: linkedAccounts,
    owner: linkedAccounts.userId,
    personal: ['linkedUserId'],
    erasure: deleted,
  },
  {
    name: 'uploads',
    table: uploads,
    owner: uploads.userId,
    personal: ['key', 'contentType'],
    // the photos a return or replacement was decided on: the seller's evidence for that decision
    erasure: {
      kind: 'retain',
      reason:
        'Photos attached to a return or replacement request stay with that request as the seller’s evidence.',
    },
  },
  {
    name: 'adClicks',
    table: campaignEvents,
    owner: campaignEvents.userId,
    personal: ['userId'],
    erasure: { kind: 'anonymise', set: { userId: null } },
  },
  {
    name: 'dealClicks',
    table: dealClicks,
    owner: dealClicks.userId,
    personal: ['userId'],
    erasure: { kind: 'anonymise', set: { userId: null } },
  },
  {
    name: 'breachNotices',
    table: privacyBreachSubjects,
    owner: privacyBreachSubjects.userId,
    personal: ['breachId'],
    erasure: deleted,
  },
];

/**
 * Tables with a tie to a user or a personal-looking column that are not a shopper's personal data
 * here, each with the reason: the registry test accepts these and nothing else.
 */
export const NOT_SHOPPER_DATA: Readonly<Record<string, string>> = {
  users: 'the account itself: erase.ts overwrites every personal column and keeps the row for its invoices',
  tax_documents: TAX_RETENTION_REASON,
  sellers: 'a seller’s business registration: closed through Seller Central, not by a shopper’s erasure',
  seller_bank_changes: 'a seller’s payout account change, business records of the seller',
  seller_payouts: 'payouts to a seller’s business account',
  staff: 'staff accounts are closed by an owner in the console',
  ondc_buyer_apps:
    'an ONDC buyer app (a network participant, not a person) and the account that stands for it (ADR-0062)',
  audit_log: 'the console’s tamper-evident log of staff actions (ADR-0028), kept whole',
  cod_collections: 'the staff member who recorded a cash remittance',
  cod_remittances: 'the staff member who recorded a cash remittance',
  cod_receivable_settlements: 'the staff member who recorded a settlement',
  commission_rules: 'the staff member who set a commission rule',
  gst_rate_schedule: 'the staff member who set a GST rate',
  grievance_officer: 'the company’s Grievance Officer, published as the law requires',
  outbox:
    'messages queued to an email or mobile: erase.ts deletes those addressed to the account, matched by its email and mobile',
};

/** Columns that make a table personal when they appear: the registry test looks for these. */
export const PERSONAL_COLUMN_PATTERN =
  /(email|mobile|phone|ipAddress|userAgent|recipient|dateOfBirth|anniversary|firstName|lastName|buyer|delivery(Name|Address|Phone)|consignee|accountNumber|^actor$)/i;

export function ownerKey(entry: PersonalTable): string {
  return entry.owner.name;
}

export type { PgColumn };
export const ERASED_USER_NAME = ERASED_NAME;
