// requirements#operator-console: the console's staff answers, its second factor and its audit log,
// one contract for the server's routes and the console's pages.
import { z } from 'zod';
import { CONSOLE_AREAS, STAFF_ROLES } from './console.ts';

export const STAFF_MESSAGES = {
  notLoggedIn: 'Please log in to open the console.',
  notStaff: 'The console is for the marketplace’s staff.',
  wrongRole: 'Your role does not reach this part of the console.',
  needsSecondFactor: 'Enter the code from your authenticator app to continue.',
  needsEnrolment: 'Set up your authenticator app to continue.',
  needsNewPassword: 'Choose your own password in place of the temporary one to continue.',
  alreadyEnrolled: 'Your authenticator app is already set up.',
  codeShape: 'Enter the 6-digit code from your authenticator app.',
  wrongCode: 'That code is not right. Please try again.',
  tooManyCodes: (minutes: number) =>
    `Too many wrong codes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/** The issuer an authenticator app shows beside the staff member's email. */
export const TOTP_ISSUER = 'Bazaar console';

/** A 6-digit code from the authenticator app; spaces typed between its halves are ignored. */
export const StaffCodeInput = z.object({
  code: z
    .string({ error: STAFF_MESSAGES.codeShape })
    .max(20, STAFF_MESSAGES.codeShape)
    .transform((code) => code.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, STAFF_MESSAGES.codeShape)),
});
export type StaffCodeInput = z.infer<typeof StaffCodeInput>;

/** Who the console serves, and whether the second factor is set up and verified in this session. */
export const StaffMe = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  areas: z.array(z.enum(CONSOLE_AREAS)),
  /** the account still has the temporary password it was made with: it is changed first */
  mustChangePassword: z.boolean(),
  isEnrolled: z.boolean(),
  isVerified: z.boolean(),
});
export type StaffMe = z.infer<typeof StaffMe>;

/** The secret to add to an authenticator app, as text and as a QR code (SVG). */
export const StaffEnrolment = z.object({
  issuer: z.string(),
  account: z.string(),
  secret: z.string(),
  uri: z.string(),
  qrSvg: z.string(),
});
export type StaffEnrolment = z.infer<typeof StaffEnrolment>;

/** The console's first screen. */
export const StaffOverview = z.object({
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  areas: z.array(z.enum(CONSOLE_AREAS)),
  enrolledAt: z.string(),
  /** the staff member's own latest changes, newest first */
  recentActions: z.array(z.object({ at: z.string(), action: z.string(), target: z.string() })),
});
export type StaffOverview = z.infer<typeof StaffOverview>;

/** What the audit log records, one name per kind of change. */
export const AUDIT_ACTIONS = [
  'staff.add',
  'staff.role',
  'staff.remove',
  'staff.enrol',
  'delivery.rate',
  'delivery.cod-limit',
  'delivery.pincodes',
  // requirements#operator-catalog: the category tree, its leaves' filters and brands
  'category.add',
  'category.rename',
  'category.move',
  'category.retire',
  'category.attributes',
  'brand.add',
  'brand.edit',
  // requirements#operator-support
  'order.cancel',
  'refund.retry',
  'shipment.lost',
  'content.row',
  'content.block',
  'banner.add',
  'media.upload',
  'banner.edit',
  'site-text.edit',
  'menu.add',
  'menu.edit',
  'menu.move',
  'menu.remove',
  'page.create',
  'page.edit',
  'page.publish',
  'page.unpublish',
  // requirements#operator-catalog
  'product.approve',
  'product.reject',
  'product.edit',
  'product.revision_approve',
  'product.revision_reject',
  'product.merge',
  // requirements#product-languages
  'product.text_approve',
  'product.text_reject',
  'seller.approve',
  'seller.reject',
  'seller.suspend',
  'seller.reinstate',
  // requirements#grievances
  'grievance.acknowledge',
  'grievance.reply',
  'grievance.resolve',
  'settings.grievance-officer',
  // requirements#operator-promotions
  'coupon.create',
  'coupon.edit',
  'coupon.pause',
  'coupon.resume',
  'deal.create',
  'deal.edit',
  'deal.end',
  'promo.edit',
  'campaign.approve',
  'campaign.refuse',
  'campaign.budget',
  // requirements#settlement: the console's settlements (ADR-0036)
  'settlement.rule-add',
  'settlement.gst-rate-add',
  'settlement.e-invoice-retry',
  'settlement.fee-invoices',
  'settlement.cod-remittance',
  'settlement.cod-receivable',
  'settlement.payout-retry',
  // requirements#payout-account: a seller's payout account changed by staff, two people (ADR-0049)
  'seller.bank-propose',
  'seller.bank-approve',
  'seller.bank-reject',
  // requirements#staff-security-events: who signed in, failed, was paused or read sensitive data, and from where
  'staff.sign-in',
  'staff.sign-in-failed',
  'staff.code-failed',
  'staff.code-paused',
  'staff.password',
  'read.finance-export',
  'read.kyc-document',
  'read.shopper-order',
  // ADR-0062: a failed ONDC callback sent again
  'ondc.callback-retry',
  // requirements#privacy-breach: a personal data breach recorded, its people told, the Board reported to
  'breach.record',
  'breach.report-details',
  'breach.board-intimation',
  'breach.board-report',
  // requirements#payment-page-scripts: the payment page's scripts changed, and an owner reviewed them
  'payment-scripts.changed',
  'payment-scripts.approved',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'staff.add': 'Staff member added',
  'staff.role': 'Staff role changed',
  'staff.remove': 'Staff member removed',
  'staff.enrol': 'Authenticator app set up',
  'delivery.rate': 'Delivery rate changed',
  'delivery.cod-limit': 'Cash-on-delivery limit changed',
  'delivery.pincodes': 'Pincodes’ delivery changed',
  'category.add': 'Category added',
  'category.rename': 'Category renamed',
  'category.move': 'Category moved',
  'category.retire': 'Category retired',
  'category.attributes': 'Category filters changed',
  'brand.add': 'Brand added',
  'brand.edit': 'Brand changed',
  'order.cancel': 'Items cancelled for the shopper',
  'refund.retry': 'Failed refund sent again',
  'shipment.lost': 'Shipment marked lost',
  'content.row': 'Page row changed',
  'content.block': 'Page block changed',
  'banner.add': 'Banner added',
  'media.upload': 'Image added to the media library',
  'banner.edit': 'Banner changed',
  'site-text.edit': 'Site text changed',
  'menu.add': 'Menu entry added',
  'menu.edit': 'Menu entry changed',
  'menu.move': 'Menu entry moved',
  'menu.remove': 'Menu entry removed',
  'page.create': 'Content page created',
  'page.edit': 'Content page changed',
  'page.publish': 'Content page published',
  'page.unpublish': 'Content page unpublished',
  'product.approve': 'Product approved',
  'product.reject': 'Product rejected',
  'product.edit': 'Product edited by staff',
  'product.revision_approve': 'Product edit approved',
  'product.revision_reject': 'Product edit rejected',
  'product.merge': 'Duplicate products merged',
  'product.text_approve': 'Product text in a language approved',
  'product.text_reject': 'Product text in a language rejected',
  'seller.approve': 'Seller approved',
  'seller.reject': 'Seller rejected',
  'seller.suspend': 'Seller suspended',
  'seller.reinstate': 'Seller reinstated',
  'grievance.acknowledge': 'Grievance acknowledged',
  'grievance.reply': 'Grievance answered',
  'grievance.resolve': 'Grievance resolved',
  'settings.grievance-officer': 'Grievance officer changed',
  'coupon.create': 'Coupon created',
  'coupon.edit': 'Coupon changed',
  'coupon.pause': 'Coupon paused',
  'coupon.resume': 'Coupon resumed',
  'deal.create': 'Deal created',
  'deal.edit': 'Deal changed',
  'deal.end': 'Deal ended early',
  'promo.edit': 'Platform promo changed',
  'campaign.approve': 'Campaign approved',
  'campaign.refuse': 'Campaign refused',
  'campaign.budget': 'Campaign budget changed',
  'settlement.rule-add': 'Commission rule added',
  'settlement.gst-rate-add': 'GST rate added to the schedule',
  'settlement.e-invoice-retry': 'E-invoice registration sent again',
  'settlement.fee-invoices': 'Fee invoices issued',
  'settlement.cod-remittance': 'Recorded a courier’s COD remittance',
  'settlement.cod-receivable': 'Settled a courier’s COD receivable',
  'settlement.payout-retry': 'Retried a refused or returned seller payout',
  'seller.bank-propose': 'Seller bank account change proposed',
  'seller.bank-approve': 'Seller bank account change approved',
  'seller.bank-reject': 'Seller bank account change rejected',
  'staff.sign-in': 'Signed in to the console',
  'staff.sign-in-failed': 'Failed console sign-in',
  'staff.code-failed': 'Wrong authenticator code',
  'staff.code-paused': 'Authenticator codes paused',
  'staff.password': 'Password changed',
  'read.finance-export': 'Finance export downloaded',
  'read.kyc-document': 'Seller KYC document opened',
  'read.shopper-order': 'Shopper’s order opened from support',
  'ondc.callback-retry': 'ONDC callback sent again',
  'breach.record': 'Personal data breach recorded; the people affected emailed',
  'breach.report-details': 'Breach report details changed',
  'breach.board-intimation': 'Breach first intimation to the Board marked sent',
  'breach.board-report': 'Breach detailed report to the Board marked sent',
  'payment-scripts.changed': 'The payment page’s scripts changed',
  'payment-scripts.approved': 'The payment page’s scripts reviewed',
};

/**
 * requirements#staff-security-events: the actions that are security events rather than changes,
 * the audit page's "Security events" filter (ASVS 5.0 V16, PCI DSS 4.0 10.2).
 */
export const SECURITY_EVENT_ACTIONS = [
  'staff.sign-in',
  'staff.sign-in-failed',
  'staff.code-failed',
  'staff.code-paused',
  'staff.password',
  'staff.add',
  'staff.role',
  'staff.remove',
  'staff.enrol',
  'read.finance-export',
  'read.kyc-document',
  'read.shopper-order',
  'payment-scripts.changed',
  'payment-scripts.approved',
] as const satisfies readonly AuditAction[];
export const isSecurityEvent = (action: string) =>
  (SECURITY_EVENT_ACTIONS as readonly string[]).includes(action);
/** The audit page's kinds: every entry, the security events only, or the changes only. */
export const AUDIT_KINDS = ['security', 'changes'] as const;
export const AUDIT_KIND_LABELS: Record<(typeof AUDIT_KINDS)[number], string> = {
  security: 'Security events (sign-ins, codes, passwords, sensitive reads)',
  changes: 'Changes only',
};

/** The actor of a change made from the command line. */
export const CLI_ACTOR = 'cli';
export const AUDIT_PAGE_SIZE = 25;

/** An optional Indian calendar day typed in a filter, `YYYY-MM-DD`; empty is none. */
export const optionalIndianDay = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date (YYYY-MM-DD).`)
    // a day the month lacks (30 February) is refused, not rolled into the next month
    .refine(
      (value) => new Date(Date.parse(`${value}T00:00:00Z`) || 0).toISOString().slice(0, 10) === value,
      `${name} must be a real date.`,
    )
    .optional()
    .or(z.literal('').transform(() => undefined));

/** The owner's search of the audit log: by staff member (email, or `cli`), action and Indian days. */
export const AuditQuery = z
  .object({
    actor: z
      .string()
      .max(254, 'The staff member’s email is at most 254 characters.')
      // a NUL byte can never be stored (PostgreSQL text), nor any control character typed
      .regex(/^\P{Cc}*$/u, 'The staff member’s email cannot hold control characters.')
      .optional()
      .transform((actor) => actor?.trim().toLowerCase() || undefined),
    action: z
      .enum(AUDIT_ACTIONS, { error: 'Choose an action from the list.' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    kind: z
      .enum(AUDIT_KINDS, { error: 'Choose security events or changes.' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    from: optionalIndianDay('from'),
    to: optionalIndianDay('to'),
    page: z
      .string()
      .regex(/^[1-9]\d{0,5}$/, 'page must be a whole number from 1.')
      .default('1')
      .transform(Number),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to.', path: ['to'] });
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /** requirements#staff-security-events: where the request came from (none for the command line) */
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z.object({
  entries: z.array(AuditEntry),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPage>;

/** An action's words for people; an action this version does not know shows its name. */
export function auditActionLabel(action: string): string {
  const labels: Partial<Record<string, string>> = AUDIT_ACTION_LABELS;
  return labels[action] ?? action;
}
