import { createRoute, z } from '@hono/zod-openapi';
import type { Database } from '@marketplace/db';
import { PAGE_SIZE } from '@marketplace/domain/catalog/listing';
import { MATCH_TYPES } from '@marketplace/domain/marketing/ads';
import { MAX_RECORD_ID } from '@marketplace/domain/validation/record-id';
import { guarded, optionalShopper } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { existingCampaignIds, recordClick, recordImpressions } from './campaigns.ts';
import { recordDealClick } from './deals.ts';
import { visitorRepeatsClick } from './recent-clicks.ts';

const Id = (what: string) =>
  z
    .number({ message: `${what} must be a number.` })
    .int(`${what} must be a whole number.`)
    .positive(`${what} must be positive.`)
    .max(MAX_RECORD_ID, `${what} is not a known id.`);

const errors = {
  400: errorResponse('Malformed body or ids'),
  403: errorResponse('Sent from another site'),
  404: errorResponse('Unknown campaign, product or deal'),
  413: errorResponse('Body over 1 MB'),
  415: errorResponse('Body is not JSON'),
};

const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

const AdClick = z
  .object({
    campaignId: Id('Campaign id'),
    productId: Id('Product id'),
    matchType: z.enum(MATCH_TYPES, { message: 'Match type must be exact, phrase or broad.' }).nullish(),
  })
  .strict()
  .openapi('AdClick');

const adClick = createRoute({
  method: 'post',
  path: '/ads/clicks',
  tags: ['Ads'],
  summary: 'Record a click on a sponsored product',
  description:
    "The spec's track_click call. Records the click (campaign, product, its seller, match type) and pays the campaign's bid from its budget, never past the maximum spend: the click that reaches it stops the campaign. A click on a campaign that no longer runs, or a repeat click by the same shopper (session, or this browser for visitors) within a minute, is recorded without charge.",
  request: jsonBody(AdClick),
  responses: {
    200: {
      content: {
        'application/json': {
          schema: z
            .object({
              recorded: z.literal(true),
              charged: z.boolean(),
              reason: z.enum(['charged', 'not_running', 'repeat']),
            })
            .openapi('AdClickResult'),
        },
      },
      description: 'Recorded',
    },
    ...errors,
    422: errorResponse('The product is not advertised by the campaign'),
  },
});

const AdImpressions = z
  .object({
    campaignId: Id('Campaign id'),
    productIds: z
      .array(Id('Product id'), { message: 'Product ids must be a list.' })
      .min(1, 'Give at least one product id.')
      .max(PAGE_SIZE, `Give at most ${PAGE_SIZE} product ids.`),
  })
  .strict()
  .openapi('AdImpressions');

const adImpressions = createRoute({
  method: 'post',
  path: '/ads/impressions',
  tags: ['Ads'],
  summary: 'Record that sponsored products were shown',
  description:
    'For sponsored products a page shows after it loaded. One impression per product, only while the campaign runs (impressions cost nothing). Pages rendered on the server record their impressions themselves.',
  request: jsonBody(AdImpressions),
  responses: {
    200: {
      content: {
        'application/json': {
          schema: z.object({ recorded: z.number().int() }).openapi('AdImpressionsResult'),
        },
      },
      description: 'How many impressions were recorded (0 when the campaign does not run)',
    },
    ...errors,
  },
});

const dealClick = createRoute({
  method: 'post',
  path: '/deals/{id}/clicks',
  tags: ['Ads'],
  summary: 'Record a click on a deal',
  description:
    "The spec's save_track_click call. For a running deal of type click: a click row, the deal's click count, and its page points spent (a repeat click by the same shopper within a minute costs nothing). Deals of type impression, or no longer running, are not recorded. No body.",
  request: {
    params: z.object({
      id: z.coerce
        .number({ message: 'Deal id must be a number.' })
        .int('Deal id must be a whole number.')
        .positive('Deal id must be positive.')
        .max(MAX_RECORD_ID, 'Deal id is not a known id.')
        .openapi({ param: { name: 'id', in: 'path' }, example: 12 }),
    }),
  },
  responses: {
    200: {
      content: {
        'application/json': {
          schema: z
            .object({
              recorded: z.boolean(),
              charged: z.boolean(),
              reason: z.enum(['charged', 'repeat', 'not_click', 'not_running']),
            })
            .openapi('DealClickResult'),
        },
      },
      description: 'Whether the click was recorded and charged',
    },
    ...errors,
  },
});

export function adRoutes(db: Database) {
  const viewer = optionalShopper(db);
  return createRouter()
    .openapi(guarded(adClick, viewer), async (c) => {
      const body = c.req.valid('json');
      const now = new Date();
      const user = c.get('viewer');
      const result = await recordClick(db, {
        ...body,
        userId: user?.id ?? null,
        repeatedByVisitor: user ? false : visitorRepeatsClick(c, `c${body.campaignId}`, now),
        now,
      });
      c.header('Cache-Control', 'no-store');
      if (result.code === 'CAMPAIGN_NOT_FOUND')
        return apiError(c, 'NOT_FOUND', `There is no campaign ${body.campaignId}.`);
      if (result.code === 'PRODUCT_NOT_IN_CAMPAIGN')
        return apiError(
          c,
          'UNPROCESSABLE',
          `Campaign ${body.campaignId} does not advertise product ${body.productId}.`,
        );
      return c.json({ recorded: true as const, charged: result.charged, reason: result.reason }, 200);
    })
    .openapi(guarded(adImpressions, viewer), async (c) => {
      const { campaignId, productIds } = c.req.valid('json');
      if (!(await existingCampaignIds(db, [campaignId])).has(campaignId))
        return apiError(c, 'NOT_FOUND', `There is no campaign ${campaignId}.`);
      const user = c.get('viewer');
      const recorded = await recordImpressions(db, campaignId, productIds, { userId: user?.id ?? null });
      c.header('Cache-Control', 'no-store');
      return c.json({ recorded }, 200);
    })
    .openapi(guarded(dealClick, viewer), async (c) => {
      const { id } = c.req.valid('param');
      const now = new Date();
      const user = c.get('viewer');
      const result = await recordDealClick(db, id, {
        userId: user?.id ?? null,
        repeatedByVisitor: user ? false : visitorRepeatsClick(c, `d${id}`, now),
        now,
      });
      c.header('Cache-Control', 'no-store');
      if (result.code === 'DEAL_NOT_FOUND') return apiError(c, 'NOT_FOUND', `There is no deal ${id}.`);
      return c.json(
        { recorded: result.code === 'RECORDED', charged: result.costPaise > 0, reason: result.reason },
        200,
      );
    });
}
