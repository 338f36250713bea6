import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import type { Executor } from '@marketplace/db';
import { campaignDay } from '@marketplace/domain/marketing/ads';
import {
  CREATE_CAMPAIGN_FIELDS,
  createCampaignInput,
  SELLER_AD_LIMITS,
  SELLER_AD_MESSAGES,
  SellerCampaignChanged,
  SellerCampaignList,
} from '@marketplace/domain/sellers/ads-api';
import { guarded, requireSeller } from '../../http/auth.ts';
import { apiError, errorBody } from '../../http/errors.ts';
import { errorResponse, json, RecordIdParams } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { brandsOfSeller, createSellerCampaign, sellerCampaigns, setCampaignActive } from './campaigns.ts';
import type { MediaStore } from '../../media-store.ts';

/** The multipart endpoint takes its own body limit; the JSON body guard lets it through. */
export const SELLER_CAMPAIGNS_PATH = '/seller/campaigns';
// room for the form's other fields and boundaries around the file
const FORM_OVERHEAD_BYTES = 64 * 1024;

const tags = ['Seller Central'];
const sellerOnly = {
  401: errorResponse('Not logged in'),
  403: errorResponse('Logged in, but not as an approved seller'),
};

const listRoute = createRoute({
  method: 'get',
  path: SELLER_CAMPAIGNS_PATH,
  tags,
  summary: 'The seller’s sponsored campaigns with impressions, clicks, spend and orders',
  description:
    'Newest first. `orders`: placed orders by a shopper who clicked the campaign, holding an item of this seller of the campaign’s product (brand campaigns: of its brand), within 7 days after the click. Also the brands the seller sells, for a new brand campaign.',
  responses: { 200: json(SellerCampaignList, 'The campaigns'), ...sellerOnly },
});

const createDoc = createRoute({
  method: 'post',
  path: SELLER_CAMPAIGNS_PATH,
  tags,
  summary: 'Create a sponsored brand or product campaign with its image or video ad',
  description:
    'multipart/form-data: `name`, `kind` (brand with `brandId`, a brand the seller sells; product with `sku`, one of its offers), `page`, `adType` (image or video), `fromDate` and `toDate` (YYYY-MM-DD, campaign days are UTC days), `dailyBudget`, `totalBudget` and `bid` in rupees, and the part `file`: an image (JPEG, PNG, WebP, GIF; at most 2 MB) or a video (MP4, WebM; at most 20 MB), told by its bytes.',
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({
            name: z.string(),
            kind: z.enum(['brand', 'product']),
            brandId: z.string().optional(),
            sku: z.string().optional(),
            page: z.string(),
            adType: z.enum(['image', 'video']),
            fromDate: z.string(),
            toDate: z.string(),
            dailyBudget: z.string(),
            totalBudget: z.string(),
            bid: z.string(),
            file: z.string().openapi({ type: 'string', format: 'binary' }),
          }),
        },
      },
    },
  },
  responses: {
    201: json(SellerCampaignChanged, 'Created'),
    400: errorResponse('A field is missing or wrong (per-field messages)'),
    ...sellerOnly,
    409: errorResponse('A campaign of this name exists'),
    413: errorResponse('The file is over its size limit'),
    415: errorResponse('Not multipart, or the file is not an image (or video) we accept'),
  },
});

const switchRoute = (action: 'pause' | 'resume') =>
  createRoute({
    method: 'post',
    path: `${SELLER_CAMPAIGNS_PATH}/{id}/${action}`,
    tags,
    summary: action === 'pause' ? 'Pause one of the seller’s campaigns' : 'Resume a paused campaign',
    request: { params: RecordIdParams },
    responses: {
      200: json(SellerCampaignChanged, action === 'pause' ? 'Paused' : 'Resumed'),
      400: errorResponse('Bad id'),
      ...sellerOnly,
      404: errorResponse('No such campaign of this seller'),
    },
  });

/** requirements#seller-ads */
export function sellerAdRoutes(db: Executor, media: MediaStore, options: { now?: () => Date } = {}) {
  const clock = () => options.now?.() ?? new Date();
  const seller = requireSeller(db);
  const app = createRouter()
    .openapi(guarded(listRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      const [campaigns, brands] = await Promise.all([
        sellerCampaigns(db, sellerId, clock()),
        brandsOfSeller(db, sellerId),
      ]);
      return c.json({ campaigns, brands }, 200);
    })
    .openapi(guarded(switchRoute('pause'), seller), async (c) => {
      const campaign = await setCampaignActive(
        db,
        c.get('seller').sellerId,
        c.req.valid('param').id,
        false,
        clock(),
      );
      if (!campaign) return apiError(c, 'NOT_FOUND', SELLER_AD_MESSAGES.notFound);
      return c.json({ success: true as const, message: SELLER_AD_MESSAGES.paused, campaign }, 200);
    })
    .openapi(guarded(switchRoute('resume'), seller), async (c) => {
      const campaign = await setCampaignActive(
        db,
        c.get('seller').sellerId,
        c.req.valid('param').id,
        true,
        clock(),
      );
      if (!campaign) return apiError(c, 'NOT_FOUND', SELLER_AD_MESSAGES.notFound);
      return c.json({ success: true as const, message: SELLER_AD_MESSAGES.resumed, campaign }, 200);
    });

  // documented above, handled by hand: a multipart form with the ad's file
  app.openAPIRegistry.registerPath(createDoc);
  app.post(
    SELLER_CAMPAIGNS_PATH,
    seller,
    bodyLimit({
      maxSize: SELLER_AD_LIMITS.videoBytes + FORM_OVERHEAD_BYTES,
      onError: (c) =>
        c.json(
          errorBody(
            'PAYLOAD_TOO_LARGE',
            SELLER_AD_MESSAGES.videoTooLarge,
            undefined,
            String(c.get('requestId')),
          ),
          413,
        ),
    }),
    async (c) => {
      const { sellerId } = c.get('seller');
      const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
      if (type !== 'multipart/form-data')
        return apiError(c, 'UNSUPPORTED_MEDIA_TYPE', 'Send the campaign as multipart/form-data.');
      let form: FormData;
      try {
        form = await c.req.raw.formData();
      } catch {
        return apiError(c, 'VALIDATION_FAILED', 'The form could not be read.');
      }
      const fields: Record<string, string> = {};
      for (const name of CREATE_CAMPAIGN_FIELDS) {
        const value = form.get(name);
        if (typeof value === 'string') fields[name] = value;
      }
      const now = clock();
      const parsed = createCampaignInput(campaignDay(now)).safeParse(fields);
      if (!parsed.success) {
        const problems: Record<string, string> = {};
        for (const issue of parsed.error.issues) problems[String(issue.path[0] ?? '_')] ??= issue.message;
        const first = parsed.error.issues[0]?.message ?? 'The request is invalid.';
        return apiError(c, 'VALIDATION_FAILED', first, problems);
      }
      const part = form.get('file');
      const file = part instanceof File ? { bytes: new Uint8Array(await part.arrayBuffer()) } : null;
      const result = await createSellerCampaign(db, media, sellerId, parsed.data, file, now);
      switch (result.code) {
        case 'CREATED':
          return c.json(
            { success: true as const, message: SELLER_AD_MESSAGES.created, campaign: result.campaign },
            201,
          );
        case 'DUPLICATE':
          return apiError(c, 'CONFLICT', SELLER_AD_MESSAGES.duplicate, {
            name: SELLER_AD_MESSAGES.duplicate,
          });
        case 'INVALID': {
          const code =
            result.status === 413
              ? 'PAYLOAD_TOO_LARGE'
              : result.status === 415
                ? 'UNSUPPORTED_MEDIA_TYPE'
                : 'VALIDATION_FAILED';
          return apiError(c, code, result.message, { [result.field]: result.message });
        }
      }
    },
  );
  return app;
}
