import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { bodyLimit } from 'hono/body-limit';
import { type Executor, sellers } from '@marketplace/db';
import { SellerMeAnswer } from '@marketplace/domain/sellers/seller-account-api';
import {
  joinInputFromForm,
  SELLER_DOCUMENT_MAX_BYTES,
  SELLER_JOIN_MESSAGES,
  SellerJoinInput,
  SellerProfile,
  SellerProfileInput,
  SellerRegistrationAnswer,
} from '@marketplace/domain/sellers/seller-join';
import { guarded, requireSeller, requireShopper } from '../../http/auth.ts';
import { apiError, errorBody } from '../../http/errors.ts';
import { errorResponse, json, RecordIdParams } from '../../http/openapi.ts';
import { hitLimit } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/router.ts';
import { unreadShopperMessages } from '../seller-messages/index.ts';
import type { UploadStore } from '../uploads/index.ts';
import { checkDocument } from './documents.ts';
import {
  isDisplayNameTaken,
  openDocument,
  placeAndCategoryProblems,
  profileOfUser,
  topCategories,
  updateProfile,
} from './service.ts';
import { submitApplication } from './submit-application.ts';

const tags = ['Seller Central'];
const sellerOnly = {
  401: errorResponse('Not logged in'),
  403: errorResponse('Logged in, but not as a seller (or, where approval is needed, not approved yet)'),
};

/** The joining form carries two documents: it takes its own body limit (two files and the fields). */
export const SELLER_REGISTRATION_PATH = '/seller/registration';
export const SELLER_REGISTRATION_MAX_BYTES = 2 * SELLER_DOCUMENT_MAX_BYTES + 256 * 1024;
const SUBMISSIONS_PER_HOUR = 20;
const NOT_LOGGED_IN = 'Please log in to sell on bazaar.in.';

const meRoute = createRoute({
  method: 'get',
  path: '/seller/me',
  tags,
  summary: 'The logged-in seller: names and approval status (any status)',
  responses: {
    200: json(SellerMeAnswer, 'The seller'),
    401: errorResponse('Not logged in'),
    403: errorResponse('Logged in, but not as a seller'),
  },
});

const registrationRoute = createRoute({
  method: 'get',
  path: SELLER_REGISTRATION_PATH,
  tags,
  summary: 'What the joining form starts from: the top categories, and the account’s application if any',
  responses: {
    200: json(SellerRegistrationAnswer, 'Categories and application'),
    401: errorResponse('Not logged in'),
  },
});

const submitRoute = createRoute({
  method: 'post',
  path: SELLER_REGISTRATION_PATH,
  tags,
  summary: 'Apply to sell (or correct a rejected application): business details and documents',
  description:
    'multipart/form-data with the joining form’s fields (`categoryIds` repeated) and the files `taxCertificate` (GST or enrolment certificate) and `cancelledCheque`: PDF, JPEG or PNG by their bytes, at most 5 MB each. A first application needs both; a corrected one only those it replaces. The seller is created as `pending` and the account becomes a seller, in one transaction with its documents.',
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({
            legalName: z.string(),
            displayName: z.string(),
            taxStatus: z.enum(['registered', 'unregistered']),
            gstin: z.string().optional(),
            pan: z.string(),
            enrolmentNo: z.string().optional(),
            pickupAddress: z.string(),
            pickupPincode: z.string(),
            returnAddress: z.string(),
            returnPincode: z.string(),
            contactName: z.string(),
            contactEmail: z.string(),
            contactMobile: z.string(),
            bankAccountName: z.string(),
            bankAccountNumber: z.string(),
            bankIfsc: z.string(),
            categoryIds: z.array(z.string()),
            taxCertificate: z.string().openapi({ type: 'string', format: 'binary' }),
            cancelledCheque: z.string().openapi({ type: 'string', format: 'binary' }),
          }),
        },
      },
    },
  },
  responses: {
    201: json(SellerRegistrationAnswer, 'Submitted: the application, pending'),
    400: errorResponse('A field is missing or wrong (per-field messages), or the form is malformed'),
    401: errorResponse('Not logged in'),
    403: errorResponse('This account may not become a seller'),
    409: errorResponse('Already applied or already a seller, or the display name is taken'),
    413: errorResponse('A document (or the form) is over its size limit'),
    415: errorResponse('Not multipart, or a document is not a PDF, JPEG or PNG'),
    429: errorResponse('Too many submissions this hour'),
  },
});

const profileRoute = createRoute({
  method: 'get',
  path: '/seller/profile',
  tags,
  summary: 'The logged-in seller’s business details and documents (any status; bank number masked)',
  responses: { 200: json(SellerProfile, 'The seller’s details'), ...sellerOnly },
});

const updateProfileRoute = createRoute({
  method: 'put',
  path: '/seller/profile',
  tags,
  summary: 'Change the approved seller’s display name, addresses, contact and categories',
  description: 'The legal name and GSTIN are not changed here once approved.',
  request: { body: { required: true, content: { 'application/json': { schema: SellerProfileInput } } } },
  responses: {
    200: json(SellerProfile, 'Saved'),
    400: errorResponse('A field is missing or wrong'),
    409: errorResponse('Another seller uses this display name'),
    ...sellerOnly,
  },
});

const documentRoute = createRoute({
  method: 'get',
  path: '/seller/documents/{id}',
  tags,
  summary: 'Download one of the logged-in seller’s own documents',
  request: { params: RecordIdParams },
  responses: {
    200: {
      content: { 'application/octet-stream': { schema: z.string() } },
      description: 'The file, as an attachment',
    },
    404: errorResponse('No such document of this seller'),
    ...sellerOnly,
  },
});

/** Per-field messages of a failed schema check, keyed by the top-level field. */
function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** requirements#seller-central: the seller comes from the session only. */
export function sellerAccountRoutes(db: Executor, store: UploadStore) {
  const app = createRouter();
  const anySeller = requireSeller(db, { anyStatus: true });
  const approvedSeller = requireSeller(db);

  app.openapi(guarded(meRoute, anySeller), async (c) => {
    const { sellerId } = c.get('seller');
    const [row] = await db
      .select({
        sellerId: sellers.id,
        name: sellers.name,
        legalName: sellers.legalName,
        status: sellers.status,
        rejectionReason: sellers.rejectionReason,
      })
      .from(sellers)
      .where(eq(sellers.id, sellerId));
    if (!row) throw new Error('the guard found this seller');
    const unreadMessages =
      row.status === 'approved' || row.status === 'suspended' ? await unreadShopperMessages(db, sellerId) : 0;
    return c.json(SellerMeAnswer.parse({ ...row, unreadMessages }), 200);
  });

  app.openapi(guarded(registrationRoute, requireShopper(db, NOT_LOGGED_IN)), async (c) => {
    const { id } = c.get('shopper');
    const [categories, application] = await Promise.all([topCategories(db), profileOfUser(db, id)]);
    return c.json({ categories, application }, 200);
  });

  // documented here, handled by hand: the form carries files (requirements#seller-onboarding)
  app.openAPIRegistry.registerPath(submitRoute);
  app.post(
    SELLER_REGISTRATION_PATH,
    requireShopper(db, NOT_LOGGED_IN),
    bodyLimit({
      maxSize: SELLER_REGISTRATION_MAX_BYTES,
      onError: (c) => c.json(errorBody('PAYLOAD_TOO_LARGE', SELLER_JOIN_MESSAGES.documentTooLarge), 413),
    }),
    async (c) => {
      const { id: userId } = c.get('shopper');
      if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '')) {
        return apiError(c, 'UNSUPPORTED_MEDIA_TYPE', 'Send the joining form as multipart/form-data.');
      }
      const limit = await hitLimit(db, {
        key: `seller-join:${userId}`,
        max: SUBMISSIONS_PER_HOUR,
        windowMs: 3_600_000,
      });
      if (!limit.allowed) {
        c.header('Retry-After', String(limit.retryAfterSeconds));
        return apiError(c, 'RATE_LIMITED', 'Too many submissions. Please try again later.');
      }
      let form: FormData;
      try {
        form = await c.req.raw.formData();
      } catch {
        return apiError(c, 'VALIDATION_FAILED', 'The form could not be read. Please send it again.');
      }
      const raw = joinInputFromForm(form);
      const parsed = SellerJoinInput.safeParse(raw);
      const fields = parsed.success ? {} : fieldsOf(parsed.error);
      const documents: Partial<
        Record<'taxCertificate' | 'cancelledCheque', Awaited<ReturnType<typeof checkDocument>> & { ok: true }>
      > = {};
      let tooLarge = false;
      let wrongType = false;
      for (const field of ['taxCertificate', 'cancelledCheque'] as const) {
        const checked = await checkDocument(form.get(field));
        if (checked.ok) documents[field] = checked;
        else {
          fields[field] = checked.message;
          if (checked.tooLarge) tooLarge = true;
          else wrongType = true;
        }
      }
      // unknown pincodes are named with the other mistakes, so the seller corrects all at once
      const placeFields = await placeAndCategoryProblems(db, {
        pickupPincode: typeof raw.pickupPincode === 'string' ? raw.pickupPincode.trim() : '',
        returnPincode: typeof raw.returnPincode === 'string' ? raw.returnPincode.trim() : '',
        categoryIds: parsed.success ? parsed.data.categoryIds : [],
      });
      for (const [field, message] of Object.entries(placeFields)) fields[field] ??= message;
      if (!parsed.success || Object.keys(fields).length > 0) {
        const code = tooLarge
          ? 'PAYLOAD_TOO_LARGE'
          : wrongType
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : 'VALIDATION_FAILED';
        return apiError(c, code, SELLER_JOIN_MESSAGES.formInvalid, fields);
      }
      const result = await submitApplication(db, store, {
        userId,
        input: parsed.data,
        documents: {
          ...(documents.taxCertificate?.document
            ? { taxCertificate: documents.taxCertificate.document }
            : {}),
          ...(documents.cancelledCheque?.document
            ? { cancelledCheque: documents.cancelledCheque.document }
            : {}),
        },
      });
      switch (result.code) {
        case 'INVALID':
          return apiError(c, 'VALIDATION_FAILED', SELLER_JOIN_MESSAGES.formInvalid, result.fields);
        case 'NAME_TAKEN':
          return apiError(c, 'CONFLICT', SELLER_JOIN_MESSAGES.displayNameTaken, {
            displayName: SELLER_JOIN_MESSAGES.displayNameTaken,
          });
        case 'PREFIX_TAKEN':
          return apiError(c, 'CONFLICT', SELLER_JOIN_MESSAGES.documentPrefixTaken, {
            documentPrefix: SELLER_JOIN_MESSAGES.documentPrefixTaken,
          });
        case 'ALREADY_APPLIED':
          return apiError(c, 'CONFLICT', SELLER_JOIN_MESSAGES.alreadyApplied);
        case 'ALREADY_SELLER':
          return apiError(c, 'CONFLICT', SELLER_JOIN_MESSAGES.alreadySeller);
        case 'NOT_ALLOWED':
          return apiError(c, 'FORBIDDEN', 'This account cannot become a seller.');
        case 'OK': {
          const [categories, application] = await Promise.all([topCategories(db), profileOfUser(db, userId)]);
          return c.json({ categories, application, message: SELLER_JOIN_MESSAGES.submitted }, 201);
        }
      }
    },
  );

  app.openapi(guarded(profileRoute, anySeller), async (c) => {
    const profile = await profileOfUser(db, c.get('seller').userId);
    if (!profile) throw new Error('the guard found this seller');
    return c.json(profile, 200);
  });

  app.openapi(guarded(updateProfileRoute, approvedSeller), async (c) => {
    const { sellerId, userId } = c.get('seller');
    const input = c.req.valid('json');
    const fields = await placeAndCategoryProblems(db, input);
    if (Object.keys(fields).length > 0) {
      return apiError(c, 'VALIDATION_FAILED', SELLER_JOIN_MESSAGES.formInvalid, fields);
    }
    const taken = () =>
      apiError(c, 'CONFLICT', SELLER_JOIN_MESSAGES.displayNameTaken, {
        displayName: SELLER_JOIN_MESSAGES.displayNameTaken,
      });
    if (await isDisplayNameTaken(db, input.displayName, sellerId)) return taken();
    try {
      await updateProfile(db, sellerId, input);
    } catch (error) {
      // another seller took the name between the check and the write
      if (await isDisplayNameTaken(db, input.displayName, sellerId)) return taken();
      throw error;
    }
    const profile = await profileOfUser(db, userId);
    if (!profile) throw new Error('the guard found this seller');
    return c.json(profile, 200);
  });

  app.openapi(guarded(documentRoute, anySeller), async (c) => {
    const { sellerId } = c.get('seller');
    const found = await openDocument(db, store, sellerId, c.req.valid('param').id);
    if (!found) return apiError(c, 'NOT_FOUND', 'No such document.');
    const asciiName = found.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return new Response(found.body, {
      status: 200,
      headers: {
        'Content-Type': found.contentType,
        'Content-Length': String(found.size),
        'Cache-Control': 'private, no-store',
        // a download, never shown in the page's origin: a PDF's scripts stay shut in
        'Content-Disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(found.fileName)}`,
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
  return app;
}
