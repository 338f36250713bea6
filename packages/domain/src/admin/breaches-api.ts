// requirements#privacy-breach: a personal data breach as owners record it in the console, the people
// it touched, the notice each of them is emailed (DPDP Rules 2025, rule 7(1)) and the detailed
// report for the Data Protection Board (rule 7(2)); one contract for the server and the pages.
import { z } from 'zod';
import { hasControlCharacters, typedText } from '../grievances/grievance-api.ts';
import { indianLocalToIso } from '../marketing/promotions.ts';
import { formatIndianDateTime } from '../text/dates.ts';
import type { StaffRole } from './console.ts';

/** Only owners record a breach and report it: the duty is the Data Fiduciary's (DPDP Act s. 8(6)). */
export const canRecordBreach = (role: StaffRole) => role === 'owner';

/** Rule 7(2): the detailed report reaches the Board within 72 hours of becoming aware of the breach. */
export const BOARD_REPORT_HOURS = 72;
const HOUR_MS = 60 * 60 * 1000;

/** When the Board's detailed report is due: 72 hours from the discovery. */
export const boardReportDueAt = (discoveredAt: Date | string) =>
  new Date(new Date(discoveredAt).getTime() + BOARD_REPORT_HOURS * HOUR_MS);

/** How long is left until `due`, in words: '41 h 20 min left', or '3 h 5 min overdue'. */
export function timeLeft(due: Date | string, now: Date): string {
  const ms = new Date(due).getTime() - now.getTime();
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  const text = `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return ms >= 0 ? `${text} left` : `${text} overdue`;
}

/** The kinds of personal data a breach may expose; the notice and the report name them. */
export const BREACH_DATA_CATEGORIES = [
  'contact',
  'addresses',
  'orders',
  'bank-accounts',
  'passwords',
  'sign-ins',
  'identity-documents',
] as const;
export type BreachDataCategory = (typeof BREACH_DATA_CATEGORIES)[number];
export const BREACH_CATEGORY_LABELS: Record<BreachDataCategory, string> = {
  contact: 'names, email addresses and mobile numbers',
  addresses: 'delivery addresses',
  orders: 'order history',
  'bank-accounts': 'bank account details',
  passwords: 'passwords (stored scrambled)',
  'sign-ins': 'sign-in records (devices and IP addresses)',
  'identity-documents': 'identity and business documents (PAN, GSTIN, KYC)',
};

export const BREACH_LIMITS = {
  textMin: 10,
  textMax: 4000,
  locationMax: 500,
  contactMax: 1000,
  /** addresses or mobiles pasted in one list */
  contactsListMax: 5000,
  /** people one breach record may tell; a larger breach is split by rule (date ranges) */
  affectedMax: 50_000,
} as const;

export const BREACH_MESSAGES = {
  ownersOnly: 'Only owners record a personal data breach.',
  textLength: `Write between ${BREACH_LIMITS.textMin} and ${BREACH_LIMITS.textMax} characters.`,
  locationLength: `Write where it happened, up to ${BREACH_LIMITS.locationMax} characters.`,
  contactLength: `Give the contact, up to ${BREACH_LIMITS.contactMax} characters.`,
  discoveredAt: 'Give the date and time the breach was discovered (IST), not in the future.',
  categories: 'Choose at least one kind of personal data that was exposed.',
  audience: 'Choose who was affected.',
  dateRange: 'Give both days, the first not after the last.',
  sellerId: 'Give the seller’s number as the Sellers page shows it.',
  sellerNotFound: 'No seller has that number.',
  contactsList: `Paste between 1 and ${BREACH_LIMITS.contactsListMax} email addresses or 10-digit mobile numbers, one a line.`,
  contactsEntry: (entry: string) =>
    `“${entry.slice(0, 60)}” is neither an email address nor a 10-digit mobile number.`,
  nobody: 'No account matches this choice: nobody would be told.',
  tooMany: `More than ${BREACH_LIMITS.affectedMax.toLocaleString('en-IN')} people match. Record the breach in parts (for example by date range).`,
  submissionKey: 'This form has expired. Open it again.',
  notFound: 'No such breach.',
  recorded: (count: number) =>
    `Breach recorded. ${count.toLocaleString('en-IN')} ${count === 1 ? 'person is' : 'people are'} being emailed.`,
  alreadyRecorded: 'This breach was already recorded; nobody was emailed twice.',
  alreadyMarked: 'This was already marked as sent.',
  intimationMarked: 'Marked: the first intimation reached the Board.',
  reportMarked: 'Marked: the detailed report reached the Board.',
  reportSaved: 'The report’s details are saved.',
} as const;

const text = (max = BREACH_LIMITS.textMax, message: string = BREACH_MESSAGES.textLength) =>
  typedText(BREACH_LIMITS.textMin, max, message);
const optionalText = z
  .string({ error: BREACH_MESSAGES.textLength })
  .max(BREACH_LIMITS.textMax * 2, BREACH_MESSAGES.textLength)
  .refine((value) => !hasControlCharacters(value), 'The text cannot hold control characters.')
  .optional()
  .transform((value) => value?.trim().replace(/\r\n/g, '\n') ?? '')
  .refine(
    (value) =>
      value === '' || (value.length >= BREACH_LIMITS.textMin && value.length <= BREACH_LIMITS.textMax),
    BREACH_MESSAGES.textLength,
  );

const DAY = z
  .string({ error: BREACH_MESSAGES.dateRange })
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, BREACH_MESSAGES.dateRange);

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;
const MOBILE = /^(?:\+91|0)?([6-9]\d{9})$/;

/** One pasted line as an email address (lower case) or a mobile (its 10 digits); null when neither. */
export function contactOf(entry: string): { email: string } | { mobile: string } | null {
  const value = entry.trim();
  if (value.length > 254) return null;
  if (EMAIL.test(value)) return { email: value.toLowerCase() };
  const mobile = MOBILE.exec(value.replace(/[\s-]/g, ''));
  return mobile?.[1] ? { mobile: mobile[1] } : null;
}

/** The pasted list split on line breaks, commas and semicolons, blanks and repeats left out. */
export const contactEntries = (list: string) => [
  ...new Set(
    list
      .split(/[\n\r,;]+/)
      .map((entry) => entry.trim())
      .filter(Boolean),
  ),
];

/**
 * Who a breach touched, as staff can tell it: every shopper who signed up in a range of Indian
 * days; every buyer of one seller's orders; or a pasted list of email addresses and mobiles.
 */
export const BreachAudience = z.discriminatedUnion(
  'kind',
  [
    z
      .object({ kind: z.literal('signed-up'), from: DAY, to: DAY })
      .refine((range) => range.from <= range.to, { message: BREACH_MESSAGES.dateRange, path: ['to'] }),
    z.object({
      kind: z.literal('seller-buyers'),
      sellerId: z.coerce
        .number({ error: BREACH_MESSAGES.sellerId })
        .int(BREACH_MESSAGES.sellerId)
        .min(1, BREACH_MESSAGES.sellerId)
        .max(2_147_483_647, BREACH_MESSAGES.sellerId),
    }),
    z.object({
      kind: z.literal('contacts'),
      list: z
        .string({ error: BREACH_MESSAGES.contactsList })
        .max(BREACH_LIMITS.contactsListMax * 80, BREACH_MESSAGES.contactsList)
        .superRefine((list, ctx) => {
          const entries = contactEntries(list);
          if (entries.length === 0 || entries.length > BREACH_LIMITS.contactsListMax) {
            ctx.addIssue({ code: 'custom', message: BREACH_MESSAGES.contactsList });
            return;
          }
          const wrong = entries.find((entry) => contactOf(entry) === null);
          if (wrong !== undefined)
            ctx.addIssue({ code: 'custom', message: BREACH_MESSAGES.contactsEntry(wrong) });
        }),
    }),
  ],
  { error: BREACH_MESSAGES.audience },
);
export type BreachAudience = z.infer<typeof BreachAudience>;

export const BreachPreviewInput = z.object({ audience: BreachAudience });
export const BreachPreview = z.object({
  count: z.number().int(),
  /** pasted entries no account has */
  unmatched: z.number().int(),
  /** the rule in words, as the list and the report show it */
  audienceText: z.string(),
});
export type BreachPreview = z.infer<typeof BreachPreview>;

const moment = z
  .string({ error: BREACH_MESSAGES.discoveredAt })
  .max(40, BREACH_MESSAGES.discoveredAt)
  .datetime({ offset: true, error: BREACH_MESSAGES.discoveredAt });

/** The rule 7(2) details that may be known only later; the report page edits them. */
export const BreachReportDetails = z.object({
  circumstances: optionalText,
  causeFindings: optionalText,
  remedialMeasures: optionalText,
});
export type BreachReportDetails = z.infer<typeof BreachReportDetails>;

export const RecordBreachInput = z
  .object({
    /** made once per opened form: a second submit of the same form records nothing more */
    submissionKey: z
      .string({ error: BREACH_MESSAGES.submissionKey })
      .regex(/^[A-Za-z0-9_-]{16,64}$/, BREACH_MESSAGES.submissionKey),
    summary: text(),
    nature: text(),
    discoveredAt: moment,
    location: typedText(3, BREACH_LIMITS.locationMax, BREACH_MESSAGES.locationLength),
    consequences: text(),
    measures: text(),
    safetySteps: text(),
    contact: typedText(10, BREACH_LIMITS.contactMax, BREACH_MESSAGES.contactLength),
    categories: z
      .array(z.enum(BREACH_DATA_CATEGORIES, { error: BREACH_MESSAGES.categories }), {
        error: BREACH_MESSAGES.categories,
      })
      .min(1, BREACH_MESSAGES.categories)
      .max(BREACH_DATA_CATEGORIES.length, BREACH_MESSAGES.categories)
      .transform((list) => [...new Set(list)]),
    audience: BreachAudience,
  })
  .extend(BreachReportDetails.shape);
export type RecordBreachInput = z.infer<typeof RecordBreachInput>;

/** A `datetime-local` value typed in IST as the API's moment ('' when it is not one). */
export const discoveredAtFromForm = (local: string) => indianLocalToIso(local) ?? '';

export const BreachRecorded = z.object({
  id: z.number().int(),
  affectedCount: z.number().int(),
  message: z.string(),
});

export const BreachSummary = z.object({
  id: z.number().int(),
  summary: z.string(),
  discoveredAt: z.string(),
  recordedAt: z.string(),
  reportDueAt: z.string(),
  /** the report is due and has not been marked sent */
  isOverdue: z.boolean(),
  timeLeft: z.string(),
  affectedCount: z.number().int(),
  /** notices the outbox has sent so far */
  sentCount: z.number().int(),
  boardIntimatedAt: z.string().nullable(),
  boardReportedAt: z.string().nullable(),
});
export type BreachSummary = z.infer<typeof BreachSummary>;
export const BreachList = z.object({ breaches: z.array(BreachSummary) });
export type BreachList = z.infer<typeof BreachList>;

export const BreachDetail = BreachSummary.extend({
  nature: z.string(),
  location: z.string(),
  consequences: z.string(),
  measures: z.string(),
  safetySteps: z.string(),
  contact: z.string(),
  categories: z.array(z.enum(BREACH_DATA_CATEGORIES)),
  audienceText: z.string(),
  recordedBy: z.string(),
  circumstances: z.string(),
  causeFindings: z.string(),
  remedialMeasures: z.string(),
  failedCount: z.number().int(),
  /** rule 7(2): the detailed report's text, from the record */
  boardReport: z.string(),
});
export type BreachDetail = z.infer<typeof BreachDetail>;

export const BREACH_BOARD_STEPS = ['intimation', 'report'] as const;
export const BreachStepDone = z.object({ id: z.number().int(), at: z.string(), message: z.string() });

/** What a breach record holds that the notice and the report are written from. */
export type BreachFacts = {
  summary: string;
  nature: string;
  discoveredAt: Date;
  location: string;
  consequences: string;
  measures: string;
  safetySteps: string;
  contact: string;
  categories: readonly BreachDataCategory[];
};

const categoriesText = (categories: readonly BreachDataCategory[]) =>
  categories.map((category) => BREACH_CATEGORY_LABELS[category]).join('; ');

/**
 * Rule 7(1): the email each affected person is sent, in plain words, with the five things the rule
 * asks for: (i) what happened, its nature, extent, timing and location; (ii) the likely consequences
 * for them; (iii) what we did and are doing; (iv) what they can do to stay safe; (v) whom to ask.
 */
export function breachNoticeText(facts: BreachFacts, firstName: string): { subject: string; body: string } {
  return {
    subject: 'Important: a breach of your personal data',
    body: [
      `Hello ${firstName},`,
      'We are writing to tell you about a breach of personal data held by our shop that affects you.',
      `What happened: ${facts.summary}`,
      `Its nature and extent: ${facts.nature} The data exposed: ${categoriesText(facts.categories)}.`,
      `When and where: we found it on ${formatIndianDateTime(facts.discoveredAt)} IST; ${facts.location}`,
      `What it may mean for you: ${facts.consequences}`,
      `What we have done and are doing: ${facts.measures}`,
      `What you can do to stay safe: ${facts.safetySteps}`,
      `Whom to contact with questions: our Grievance Officer, ${facts.contact}`,
      'We are sorry. This notice is sent under the Digital Personal Data Protection Rules, 2025 (rule 7).',
    ].join('\n\n'),
  };
}

export type BoardReportFacts = BreachFacts & {
  audienceText: string;
  affectedCount: number;
  circumstances: string;
  causeFindings: string;
  remedialMeasures: string;
  /** when the notices were queued, and how many the outbox has sent and given up on */
  notifiedAt: Date;
  sentCount: number;
  failedCount: number;
  lastSentAt: Date | null;
};

const orPending = (value: string) => value || 'Not yet established; to be updated.';

/** Rule 7(2): the detailed report to the Data Protection Board, from the record. */
export function boardReportText(facts: BoardReportFacts): string {
  const at = (moment: Date) => `${formatIndianDateTime(moment)} IST`;
  return [
    'PERSONAL DATA BREACH: DETAILED REPORT TO THE DATA PROTECTION BOARD OF INDIA',
    'Digital Personal Data Protection Act, 2023, section 8(6); Digital Personal Data Protection Rules, 2025, rule 7(2)(b)',
    '',
    '1. Description of the breach (nature, extent, timing, location and likely impact)',
    `Description: ${facts.summary}`,
    `Nature and extent: ${facts.nature}`,
    `Personal data exposed: ${categoriesText(facts.categories)}`,
    `People affected: ${facts.affectedCount.toLocaleString('en-IN')} (${facts.audienceText})`,
    `Discovered: ${at(facts.discoveredAt)}`,
    `Location: ${facts.location}`,
    `Likely impact: ${facts.consequences}`,
    '',
    '2. Facts, circumstances and reasons leading to the breach',
    orPending(facts.circumstances),
    '',
    '3. Measures taken or proposed to mitigate the risk',
    facts.measures,
    '',
    '4. Findings about the person who caused the breach',
    orPending(facts.causeFindings),
    '',
    '5. Remedial measures taken to prevent a recurrence',
    orPending(facts.remedialMeasures),
    '',
    '6. Report of the intimations given to the Data Principals affected',
    `Number of people told: ${facts.affectedCount.toLocaleString('en-IN')}`,
    `Channel: email to each person's registered email address`,
    `Queued: ${at(facts.notifiedAt)}; delivered to the mail service: ${facts.sentCount.toLocaleString('en-IN')}` +
      (facts.lastSentAt ? ` (the last at ${at(facts.lastSentAt)})` : '') +
      `; undeliverable after retries: ${facts.failedCount.toLocaleString('en-IN')}`,
    `Each intimation described the breach, its likely consequences, our mitigation, the safety steps the person can take and this contact: ${facts.contact}`,
  ].join('\n');
}
