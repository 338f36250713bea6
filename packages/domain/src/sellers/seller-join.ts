// requirements#seller-onboarding: the joining form's contract, one schema for the page's action and
// the seller API (STYLE.md habit 14): who the seller is, its tax identity, where it ships from and
// takes returns, who to call, where it is paid, and the categories it will sell in.
import { z } from 'zod';
import { ACCOUNT_NUMBER_PATTERN, IFSC_PATTERN } from '../accounts/bank-accounts.ts';
import { SELLER_DOCUMENT_KINDS, SELLER_STATUSES } from './statuses.ts';
import { DocumentPrefix } from '../tax/document-series.ts';
import { ShippingMethodInput } from '../delivery/shipping-zones-api.ts';
import { GST_STATE_CODES, gstinProblem, normaliseTaxId, PAN_PATTERN, panOfGstin } from './tax-identity.ts';

export const SELLER_NAME_MAX = 100;
export const SELLER_ADDRESS_MAX = 300;
/** Each document at most 5 MB: a scanned page or a phone photo of it. */
export const SELLER_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
/** The document types a seller may upload, told by the file's bytes. */
export const SELLER_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const SELLER_CATEGORY_MAX = 20;

/** A registered seller gives its GSTIN; an unregistered one its GST enrolment number (it sells within its state). */
export const TAX_STATUSES = ['registered', 'unregistered'] as const;
export type TaxStatus = (typeof TAX_STATUSES)[number];

/** The form's file fields and the kinds of document they become. */
export const JOIN_DOCUMENT_FIELDS = {
  taxCertificate: { registered: 'gst_certificate', unregistered: 'enrolment_certificate' },
  cancelledCheque: { registered: 'cancelled_cheque', unregistered: 'cancelled_cheque' },
} as const;
export type JoinDocumentField = keyof typeof JOIN_DOCUMENT_FIELDS;

export const SELLER_DOCUMENT_LABELS: Record<(typeof SELLER_DOCUMENT_KINDS)[number], string> = {
  gst_certificate: 'GST registration certificate',
  enrolment_certificate: 'GST enrolment certificate',
  cancelled_cheque: 'Cancelled cheque',
  pan_card: 'PAN card',
};

export const SELLER_JOIN_MESSAGES = {
  legalName: 'Please enter the legal name of your business, as on your PAN.',
  displayName: 'Please enter the name shoppers will see.',
  displayNameTaken: 'Another seller already uses this display name. Please choose another.',
  documentPrefixTaken: 'Another seller account with your GSTIN uses this prefix. Please choose another.',
  nameTooLong: `This can be at most ${SELLER_NAME_MAX} characters.`,
  noMarkup: 'Please use letters, digits and punctuation only (no < or >, no control characters).',
  taxStatus: 'Please say whether your business is registered for GST.',
  gstin: 'Please enter your GSTIN.',
  gstinShape: 'A GSTIN is 15 characters: 2 digits, your PAN, a digit or letter, Z and a check character.',
  gstinState: 'The GSTIN’s first two digits are not a GST state code.',
  gstinCheck: 'This GSTIN’s last character does not match: please check it for a typing mistake.',
  pan: 'Please enter your PAN.',
  panShape: 'A PAN is 5 letters, 4 digits and a letter (for example AAPFU0939F).',
  panMismatch: 'The PAN does not match the PAN inside your GSTIN.',
  enrolmentNo: 'Please enter your GST enrolment number.',
  enrolmentShape:
    'A GST enrolment number is 15 letters and digits: your state’s code, your PAN, then 3 more characters.',
  enrolmentPanMismatch: 'The PAN does not match the PAN inside your enrolment number.',
  pickupAddress: 'Please enter the address we pick up your orders from.',
  returnAddress: 'Please enter the address returns go back to.',
  addressTooLong: `An address can be at most ${SELLER_ADDRESS_MAX} characters.`,
  pincode: 'Please enter a 6-digit pincode.',
  unknownPincode: 'We do not know this pincode. Please check it.',
  contactName: 'Please enter the name of the person we should contact.',
  contactEmail: 'Please enter a valid email address.',
  contactMobile: 'Please enter a 10-digit mobile number starting with 6, 7, 8 or 9.',
  bankAccountName: 'Please enter the account holder’s name.',
  bankAccountNumber: 'The account number must be 9 to 18 digits.',
  bankIfsc: 'The IFSC code must be 4 letters, then 0, then 6 letters or digits (for example SBIN0001234).',
  categories: 'Please choose at least one category you will sell in.',
  unknownCategory: 'Please choose categories from the list.',
  taxCertificate: 'Please attach your GST certificate (or enrolment certificate).',
  cancelledCheque: 'Please attach a cancelled cheque of the payout account.',
  documentType: 'Please attach a PDF, JPEG or PNG file.',
  documentTooLarge: `Each document can be at most ${SELLER_DOCUMENT_MAX_BYTES / (1024 * 1024)} MB.`,
  alreadyApplied: 'You have already applied to sell. Your application is under review.',
  alreadySeller: 'This account is already a seller.',
  notRejected: 'Only a rejected application can be corrected and sent again.',
  submitted: 'Thank you! Your application is under review.',
  formInvalid: 'Please correct the marked fields.',
} as const;

// a name is shown to shoppers and staff: no markup characters and nothing that cannot print
const PRINTABLE = /^[^<>\p{Cc}]*$/u;

const name = (missing: string) =>
  z
    .string({ error: missing })
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(1, { error: missing })
        .max(SELLER_NAME_MAX, { error: SELLER_JOIN_MESSAGES.nameTooLong })
        .regex(PRINTABLE, { error: SELLER_JOIN_MESSAGES.noMarkup }),
    );

const address = (missing: string) =>
  z
    .string({ error: missing })
    .transform((value) =>
      value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
        .join('\n'),
    )
    .pipe(
      z
        .string()
        .min(1, { error: missing })
        .max(SELLER_ADDRESS_MAX, { error: SELLER_JOIN_MESSAGES.addressTooLong })
        .refine((value) => value.split('\n').every((line) => PRINTABLE.test(line)), {
          error: SELLER_JOIN_MESSAGES.noMarkup,
        }),
    );

const pincode = z
  .string({ error: SELLER_JOIN_MESSAGES.pincode })
  .transform((value) => value.trim())
  .pipe(z.string().regex(/^[1-9][0-9]{5}$/, { error: SELLER_JOIN_MESSAGES.pincode }));

const taxId = (missing: string) =>
  z.string({ error: missing }).max(40, { error: missing }).transform(normaliseTaxId);

/** A 15-character GST enrolment number: a state code, the PAN, three letters or digits. */
export const ENROLMENT_PATTERN = /^[0-9]{2}[A-Z]{3}[ABCFGHJLPT][A-Z][0-9]{4}[A-Z][0-9A-Z]{3}$/;

/** The business details a seller keeps editing after approval (not its names or tax identity). */
const contactFields = {
  contactName: name(SELLER_JOIN_MESSAGES.contactName),
  contactEmail: z
    .string({ error: SELLER_JOIN_MESSAGES.contactEmail })
    .transform((value) => value.trim())
    .pipe(
      z
        .email({ error: SELLER_JOIN_MESSAGES.contactEmail })
        .max(254, { error: SELLER_JOIN_MESSAGES.contactEmail }),
    ),
  contactMobile: z
    .string({ error: SELLER_JOIN_MESSAGES.contactMobile })
    .transform((value) => value.replace(/[\s-]/g, '').replace(/^(\+91|0)/, ''))
    .pipe(z.string().regex(/^[6-9][0-9]{9}$/, { error: SELLER_JOIN_MESSAGES.contactMobile })),
};
const addressFields = {
  pickupAddress: address(SELLER_JOIN_MESSAGES.pickupAddress),
  pickupPincode: pincode,
  returnAddress: address(SELLER_JOIN_MESSAGES.returnAddress),
  returnPincode: pincode,
};
const bankFields = {
  bankAccountName: name(SELLER_JOIN_MESSAGES.bankAccountName),
  bankAccountNumber: z
    .string({ error: SELLER_JOIN_MESSAGES.bankAccountNumber })
    .max(40, { error: SELLER_JOIN_MESSAGES.bankAccountNumber })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(ACCOUNT_NUMBER_PATTERN, { error: SELLER_JOIN_MESSAGES.bankAccountNumber })),
  bankIfsc: z
    .string({ error: SELLER_JOIN_MESSAGES.bankIfsc })
    .max(40, { error: SELLER_JOIN_MESSAGES.bankIfsc })
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.string().regex(IFSC_PATTERN, { error: SELLER_JOIN_MESSAGES.bankIfsc })),
};
const categoryIds = z
  .array(
    z.coerce.number({ error: SELLER_JOIN_MESSAGES.unknownCategory }).int().positive().max(2_147_483_647),
    {
      error: SELLER_JOIN_MESSAGES.categories,
    },
  )
  .min(1, { error: SELLER_JOIN_MESSAGES.categories })
  .max(SELLER_CATEGORY_MAX, { error: SELLER_JOIN_MESSAGES.unknownCategory })
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

/**
 * The joining form (`POST /api/seller/registration` and the /sellercentral/join action). A
 * registered business gives a GSTIN whose state code and check character hold and a PAN equal to
 * the one inside it; an unregistered one gives its enrolment number and PAN instead.
 */
export const SellerJoinInput = z
  .strictObject(
    {
      legalName: name(SELLER_JOIN_MESSAGES.legalName),
      displayName: name(SELLER_JOIN_MESSAGES.displayName),
      taxStatus: z.enum(TAX_STATUSES, { error: SELLER_JOIN_MESSAGES.taxStatus }),
      gstin: taxId(SELLER_JOIN_MESSAGES.gstin).optional(),
      pan: taxId(SELLER_JOIN_MESSAGES.pan),
      enrolmentNo: taxId(SELLER_JOIN_MESSAGES.enrolmentNo).optional(),
      // requirements#document-series: blank takes the legal name's initials
      documentPrefix: z.preprocess(
        (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
        DocumentPrefix.optional(),
      ),
      ...addressFields,
      ...contactFields,
      ...bankFields,
      categoryIds,
      // requirements#courier-opt-in: the form offers Bazaar courier first; left out, the seller opts in
      shippingMethod: ShippingMethodInput.default('courier'),
    },
    { error: 'Send only the joining form’s fields.' },
  )
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const panOk = PAN_PATTERN.test(input.pan);
    if (!input.pan) issue('pan', SELLER_JOIN_MESSAGES.pan);
    else if (!panOk) issue('pan', SELLER_JOIN_MESSAGES.panShape);
    if (input.taxStatus === 'registered') {
      const gstin = input.gstin ?? '';
      const problem = gstin ? gstinProblem(gstin) : 'missing';
      if (problem === 'missing') issue('gstin', SELLER_JOIN_MESSAGES.gstin);
      else if (problem === 'shape') issue('gstin', SELLER_JOIN_MESSAGES.gstinShape);
      else if (problem === 'state') issue('gstin', SELLER_JOIN_MESSAGES.gstinState);
      else if (problem === 'check') issue('gstin', SELLER_JOIN_MESSAGES.gstinCheck);
      else if (panOk && panOfGstin(gstin) !== input.pan) issue('pan', SELLER_JOIN_MESSAGES.panMismatch);
    } else {
      const enrolment = input.enrolmentNo ?? '';
      if (!enrolment) issue('enrolmentNo', SELLER_JOIN_MESSAGES.enrolmentNo);
      else if (!ENROLMENT_PATTERN.test(enrolment) || !(enrolment.slice(0, 2) in GST_STATE_CODES)) {
        issue('enrolmentNo', SELLER_JOIN_MESSAGES.enrolmentShape);
      } else if (panOk && enrolment.slice(2, 12) !== input.pan) {
        issue('pan', SELLER_JOIN_MESSAGES.enrolmentPanMismatch);
      }
    }
  })
  // only the identity of the chosen kind is kept
  .transform(({ gstin, enrolmentNo, documentPrefix, ...input }) => ({
    ...input,
    gstin: input.taxStatus === 'registered' ? (gstin ?? null) : null,
    enrolmentNo: input.taxStatus === 'unregistered' ? (enrolmentNo ?? null) : null,
    // null: left blank, the server gives the legal name's initials (the first free of them for the GSTIN)
    documentPrefix: documentPrefix ?? null,
  }));
export type SellerJoinInput = z.infer<typeof SellerJoinInput>;

/** The form's text field names, in the order the form shows them. */
export const SELLER_JOIN_FIELDS = [
  'legalName',
  'displayName',
  'taxStatus',
  'gstin',
  'pan',
  'enrolmentNo',
  'documentPrefix',
  'pickupAddress',
  'pickupPincode',
  'returnAddress',
  'returnPincode',
  'contactName',
  'contactEmail',
  'contactMobile',
  'bankAccountName',
  'bankAccountNumber',
  'bankIfsc',
  'shippingMethod',
] as const;
export type SellerJoinField = (typeof SELLER_JOIN_FIELDS)[number];

/** What the joining form posted, as the schema reads it: text fields as typed, categories as a list. */
export function joinInputFromForm(form: FormData): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of SELLER_JOIN_FIELDS) {
    const value = form.get(field);
    if (typeof value === 'string') input[field] = value;
  }
  // an unticked kind's identity field is not sent at all
  if (input.taxStatus === 'registered') delete input.enrolmentNo;
  if (input.taxStatus === 'unregistered') delete input.gstin;
  input.categoryIds = form.getAll('categoryIds').filter((value) => typeof value === 'string');
  return input;
}

/** Business details an approved seller edits itself (`PUT /api/seller/profile`): not its legal name or tax identity. */
export const SellerProfileInput = z.strictObject(
  {
    displayName: name(SELLER_JOIN_MESSAGES.displayName),
    ...addressFields,
    ...contactFields,
    categoryIds,
  },
  { error: 'Send only the business details you may change.' },
);
export type SellerProfileInput = z.infer<typeof SellerProfileInput>;
export const SELLER_PROFILE_FIELDS = [
  'displayName',
  'pickupAddress',
  'pickupPincode',
  'returnAddress',
  'returnPincode',
  'contactName',
  'contactEmail',
  'contactMobile',
] as const;

/** The payout account, changed on its own deliberate form (`PUT /api/seller/bank-account`): the number typed twice. */
export const SellerBankInput = z
  .strictObject(
    {
      ...bankFields,
      confirmAccountNumber: z.string({ error: 'Please type the account number again.' }).max(40),
    },
    { error: 'Send only the bank account fields.' },
  )
  .superRefine((input, ctx) => {
    if (input.confirmAccountNumber.replace(/\s+/g, '') !== input.bankAccountNumber) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmAccountNumber'],
        message: 'The two account numbers do not match.',
      });
    }
  })
  .transform(({ confirmAccountNumber: _confirmed, ...bank }) => bank);
export type SellerBankInput = z.infer<typeof SellerBankInput>;
export const SELLER_BANK_FIELDS = [
  'bankAccountName',
  'bankAccountNumber',
  'confirmAccountNumber',
  'bankIfsc',
] as const;

/** The last four digits of an account number, the rest hidden ('•••• 4321'). */
export function maskAccountNumber(number: string): string {
  return `•••• ${number.slice(-4)}`;
}

export const SellerDocument = z
  .object({
    id: z.number().int(),
    kind: z.enum(SELLER_DOCUMENT_KINDS),
    fileName: z.string(),
    contentType: z.string(),
    sizeBytes: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'SellerDocument' });
export type SellerDocument = z.infer<typeof SellerDocument>;

/** A seller's application and business details as the seller itself sees them (bank number masked). */
export const SellerProfile = z
  .object({
    sellerId: z.number().int(),
    status: z.enum(SELLER_STATUSES),
    rejectionReason: z.string().nullable(),
    /** requirements#operator-sellers: why staff suspended the seller, while it is suspended */
    suspensionReason: z.string().nullable(),
    legalName: z.string(),
    displayName: z.string(),
    taxStatus: z.enum(TAX_STATUSES),
    gstin: z.string().nullable(),
    pan: z.string().nullable(),
    enrolmentNo: z.string().nullable(),
    /** requirements#document-series: the prefix of its invoice and credit note numbers */
    documentPrefix: z.string(),
    /** the state the seller is registered (or enrolled) in; an unregistered seller sells only there */
    state: z.string().nullable(),
    pickupAddress: z.string(),
    pickupPincode: z.string(),
    returnAddress: z.string(),
    returnPincode: z.string(),
    contactName: z.string(),
    contactEmail: z.string(),
    contactMobile: z.string(),
    bankAccountName: z.string(),
    bankAccountMasked: z.string(),
    bankIfsc: z.string(),
    categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
    documents: z.array(SellerDocument),
    submittedAt: z.string().nullable(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'SellerProfile' });
export type SellerProfile = z.infer<typeof SellerProfile>;

/** What the joining page starts from: the categories to choose from and the account's application, if any. */
export const SellerRegistrationAnswer = z
  .object({
    categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
    application: SellerProfile.nullable(),
    message: z.string().optional(),
  })
  .meta({ id: 'SellerRegistration' });
export type SellerRegistrationAnswer = z.infer<typeof SellerRegistrationAnswer>;

/** requirements#seller-onboarding: a rejection needs a reason the seller can act on. */
export const SellerRejectionReason = z
  .string()
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(3, 'Give a reason the seller can act on.')
      .max(500)
      .regex(/^[^\p{Cc}]*$/u),
  );
