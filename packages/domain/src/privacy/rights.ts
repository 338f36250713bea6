import { z } from 'zod';
import { CONSENT_PURPOSES, NOTICE_LANGUAGES } from './notice.ts';

// requirements#privacy-page: the Privacy page's texts, the consent, export and deletion contracts.

export const PRIVACY_MESSAGES = {
  title: 'Privacy',
  needsUser: 'Please log in to manage your privacy.',
  consentGiven: 'Thank you. Your consent is recorded.',
  consentWithdrawn: 'Your consent is withdrawn. This takes effect at once.',
  consentInvalid: 'Please choose a consent and whether to give or withdraw it.',
  failed: 'Something went wrong. Please try again.',
  exportTitle: 'Download your data',
  exportText:
    'A file (JSON) with your profile, addresses, orders, invoices, reviews, messages, browsing history, consents, saved items and cart.',
  correctTitle: 'Correct your data',
  deleteTitle: 'Delete your account',
  deleteText:
    'Deleting your account erases your personal data. It cannot be undone: your orders, addresses and saved items will no longer be available to you.',
  deleteBlocked: 'Your account cannot be deleted yet. These must finish first:',
  deleteConfirmLabel: 'Type DELETE to confirm',
  deleteConfirmInvalid: 'Please type DELETE to confirm.',
  deleteSellerOrStaff:
    'This account belongs to a seller or a staff member. Please contact support to close it.',
  deleted: 'Your account has been deleted and your personal data erased.',
  kept: 'What we keep, and why',
} as const;

/** The word a shopper types to confirm the deletion. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

export const ConsentState = z
  .object({
    purpose: z.enum(CONSENT_PURPOSES),
    isGranted: z.boolean(),
    noticeVersion: z.string().nullable(),
    recordedAt: z.string().nullable(),
  })
  .meta({ id: 'ConsentState' });
export type ConsentState = z.infer<typeof ConsentState>;

export const PrivacyOverview = z
  .object({ noticeVersion: z.string(), consents: z.array(ConsentState) })
  .meta({ id: 'PrivacyOverview' });
export type PrivacyOverview = z.infer<typeof PrivacyOverview>;

export const ConsentChange = z
  .object({
    purpose: z.enum(CONSENT_PURPOSES, { error: PRIVACY_MESSAGES.consentInvalid }),
    isGranted: z.boolean({ error: PRIVACY_MESSAGES.consentInvalid }),
    language: z.enum(NOTICE_LANGUAGES).default('en'),
  })
  .strict()
  .meta({ id: 'ConsentChange' });
export type ConsentChange = z.infer<typeof ConsentChange>;

export const ConsentSaved = z
  .object({ consents: z.array(ConsentState), message: z.string() })
  .meta({ id: 'ConsentSaved' });

/** What stops a deletion, each shown to the shopper by its reference. */
export const DeletionBlocker = z.object({
  kind: z.enum(['order', 'request', 'refund']),
  reference: z.string(),
  text: z.string(),
});
export type DeletionBlocker = z.infer<typeof DeletionBlocker>;

export const DeletionPreview = z
  .object({
    canDelete: z.boolean(),
    /** set when the account is not a shopper's to delete here (a seller's or staff member's) */
    refusal: z.string().nullable(),
    blockers: z.array(DeletionBlocker),
    retained: z.array(z.object({ what: z.string(), count: z.number().int(), reason: z.string() })),
  })
  .meta({ id: 'DeletionPreview' });
export type DeletionPreview = z.infer<typeof DeletionPreview>;

export const DeletionInput = z
  .object({
    confirm: z.literal(DELETE_CONFIRMATION_WORD, { error: PRIVACY_MESSAGES.deleteConfirmInvalid }),
  })
  .strict()
  .meta({ id: 'DeletionInput' });

export const DeletionDone = z.object({ message: z.string() }).meta({ id: 'DeletionDone' });
