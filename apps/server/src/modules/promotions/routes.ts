import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Executor } from '@marketplace/db';
import {
  CampaignChanged,
  CampaignBudgetInput,
  CampaignQuery,
  CampaignReviewPage,
  CampaignRefuseInput,
  CouponChanged,
  CouponInput,
  CouponPage,
  CouponQuery,
  DealChanged,
  DealInput,
  DealPage,
  DealQuery,
  PlatformPromoChanged,
  PlatformPromoInput,
  PlatformPromoView,
  PROMOTION_MESSAGES as M,
} from '@marketplace/domain/admin/promotions-api';
import { guarded } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json, RecordIdParams } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { type AuditActor, requireStaff } from '../staff/index.ts';
import { approveCampaign, listCampaigns, refuseCampaign, saveCampaignBudget } from './campaigns.ts';
import {
  createCoupon,
  type CouponWriteResult,
  editCoupon,
  findCoupon,
  listCoupons,
  setCouponActive,
} from './coupons.ts';
import { createDeal, type DealWriteResult, editDeal, endDeal, findDeal, listDeals } from './deals.ts';
import { platformPromoView, savePlatformPromo } from './platform-promo.ts';

const TAG = 'admin';
const BASE = '/admin/promotions';
const refusals = {
  401: errorResponse('Not logged in'),
  403: errorResponse(
    'Not staff, the second factor not entered in this session, or the role (owner and marketing only) does not reach promotions',
  ),
};

const couponList = createRoute({
  method: 'get',
  path: `${BASE}/coupons`,
  tags: [TAG],
  summary: 'Coupons, newest first, searched by code, product or id and filtered by status',
  description:
    'Status: active, scheduled (its first day is ahead), paused, expired (its last day has passed) or exhausted (its total limit used).',
  request: { query: CouponQuery },
  responses: {
    200: json(CouponPage, 'A page of coupons'),
    400: errorResponse('A filter is malformed'),
    ...refusals,
  },
});
const couponOne = createRoute({
  method: 'get',
  path: `${BASE}/coupons/{id}`,
  tags: [TAG],
  summary: 'One coupon',
  request: { params: RecordIdParams },
  responses: {
    200: json(CouponChanged.shape.coupon, 'The coupon'),
    400: errorResponse('Bad id'),
    ...refusals,
    404: errorResponse('No such coupon'),
  },
});
const couponWrite = (method: 'post' | 'put') =>
  createRoute({
    method,
    path: method === 'post' ? `${BASE}/coupons` : `${BASE}/coupons/{id}`,
    tags: [TAG],
    summary:
      method === 'post'
        ? 'Create a coupon: usable at checkout at once on its days (audited as coupon.create)'
        : 'Change a coupon; its redemptions stay (audited as coupon.edit)',
    description:
      '`value` is paise for a cash coupon (₹1 to ₹1,00,000) and a whole percent (1 to 100) for a percentage one. `code` is 3 to 20 letters or digits, stored in capitals, one of a kind among the product’s coupons. `days`: Indian weekdays 0 (Sunday) to 6, empty for every day. `fromDate`/`toDate`: Indian days, both included.',
    request: { body: { content: { 'application/json': { schema: CouponInput } }, required: true } },
    responses: {
      [method === 'post' ? 201 : 200]: json(CouponChanged, 'Saved'),
      400: errorResponse('A field is missing or wrong (per-field messages)'),
      ...refusals,
      ...(method === 'put' ? { 404: errorResponse('No such coupon') } : {}),
      409: errorResponse('The product already has a coupon of this code'),
    },
  });
const couponCreate = couponWrite('post');
const couponEdit = {
  ...couponWrite('put'),
  request: { ...couponWrite('put').request, params: RecordIdParams },
};
const couponSwitch = (intent: 'pause' | 'resume') =>
  createRoute({
    method: 'post',
    path: `${BASE}/coupons/{id}/${intent}`,
    tags: [TAG],
    summary: intent === 'pause' ? 'Pause a coupon (coupon.pause)' : 'Resume a paused coupon (coupon.resume)',
    request: { params: RecordIdParams },
    responses: {
      200: json(CouponChanged, intent === 'pause' ? 'Paused' : 'Resumed'),
      400: errorResponse('Bad id'),
      ...refusals,
      404: errorResponse('No such coupon'),
      409: errorResponse(intent === 'pause' ? 'Already paused' : 'Not paused'),
    },
  });

const dealList = createRoute({
  method: 'get',
  path: `${BASE}/deals`,
  tags: [TAG],
  summary: 'Lightning deals and percentage offers: live (ending soonest first), upcoming, then ended',
  request: { query: DealQuery },
  responses: {
    200: json(DealPage, 'A page of deals'),
    400: errorResponse('A filter is malformed'),
    ...refusals,
  },
});
const dealOne = createRoute({
  method: 'get',
  path: `${BASE}/deals/{id}`,
  tags: [TAG],
  summary: 'One deal',
  request: { params: RecordIdParams },
  responses: {
    200: json(DealChanged.shape.deal, 'The deal'),
    400: errorResponse('Bad id'),
    ...refusals,
    404: errorResponse('No such deal'),
  },
});
const dealWrite = (method: 'post' | 'put') =>
  createRoute({
    method,
    path: method === 'post' ? `${BASE}/deals` : `${BASE}/deals/{id}`,
    tags: [TAG],
    summary:
      method === 'post'
        ? 'Create a lightning deal or percentage offer for a seller’s offer (deal.create)'
        : 'Change a live or upcoming deal (deal.edit)',
    description:
      '`startsAt`/`endsAt`: ISO 8601 moments with their offset (the console sends Indian time, +05:30); stored in UTC. The end is after the start and in the future.',
    request: { body: { content: { 'application/json': { schema: DealInput } }, required: true } },
    responses: {
      [method === 'post' ? 201 : 200]: json(DealChanged, 'Saved'),
      400: errorResponse('A field is missing or wrong (per-field messages)'),
      ...refusals,
      ...(method === 'put'
        ? { 404: errorResponse('No such deal'), 409: errorResponse('The deal has ended') }
        : {}),
    },
  });
const dealCreate = dealWrite('post');
const dealEdit = { ...dealWrite('put'), request: { ...dealWrite('put').request, params: RecordIdParams } };
const dealEnd = createRoute({
  method: 'post',
  path: `${BASE}/deals/{id}/end`,
  tags: [TAG],
  summary: 'End a live deal now (deal.end)',
  request: { params: RecordIdParams },
  responses: {
    200: json(DealChanged, 'Ended'),
    400: errorResponse('Bad id'),
    ...refusals,
    404: errorResponse('No such deal'),
    409: errorResponse('The deal is not live'),
  },
});

const promoRead = createRoute({
  method: 'get',
  path: `${BASE}/platform-promo`,
  tags: [TAG],
  summary: 'The PromoJun platform promo the checkout applies (untouched: ₹50 on every order)',
  responses: { 200: json(PlatformPromoView, 'The promo'), ...refusals },
});
const promoWrite = createRoute({
  method: 'put',
  path: `${BASE}/platform-promo`,
  tags: [TAG],
  summary: 'Set the platform promo’s amount (paise, 0 to ₹10,000) and switch it on or off (promo.edit)',
  request: { body: { content: { 'application/json': { schema: PlatformPromoInput } }, required: true } },
  responses: {
    200: json(PlatformPromoChanged, 'Saved'),
    400: errorResponse('A field is missing or wrong'),
    ...refusals,
  },
});

const campaignList = createRoute({
  method: 'get',
  path: `${BASE}/campaigns`,
  tags: [TAG],
  summary: 'Brand campaigns by review status (pending oldest first), with budgets and spend so far',
  request: { query: CampaignQuery },
  responses: {
    200: json(CampaignReviewPage, 'A page of campaigns'),
    400: errorResponse('A filter is malformed'),
    ...refusals,
  },
});
const campaignApprove = createRoute({
  method: 'post',
  path: `${BASE}/campaigns/{id}/approve`,
  tags: [TAG],
  summary: 'Approve a pending campaign: it runs on its dates (campaign.approve)',
  request: { params: RecordIdParams },
  responses: {
    200: json(CampaignChanged, 'Approved'),
    400: errorResponse('Bad id'),
    ...refusals,
    404: errorResponse('No such campaign'),
    409: errorResponse('Already reviewed'),
  },
});
const campaignRefuse = createRoute({
  method: 'post',
  path: `${BASE}/campaigns/{id}/refuse`,
  tags: [TAG],
  summary: 'Refuse a pending campaign with a reason the seller reads (campaign.refuse)',
  request: {
    params: RecordIdParams,
    body: { content: { 'application/json': { schema: CampaignRefuseInput } }, required: true },
  },
  responses: {
    200: json(CampaignChanged, 'Refused'),
    400: errorResponse('Bad id or no reason'),
    ...refusals,
    404: errorResponse('No such campaign'),
    409: errorResponse('Already reviewed'),
  },
});
const campaignBudget = createRoute({
  method: 'put',
  path: `${BASE}/campaigns/{id}/budget`,
  tags: [TAG],
  summary: 'Change a campaign’s total and daily budgets in paise (campaign.budget)',
  request: {
    params: RecordIdParams,
    body: { content: { 'application/json': { schema: CampaignBudgetInput } }, required: true },
  },
  responses: {
    200: json(CampaignChanged, 'Saved'),
    400: errorResponse('A budget is wrong, or below the spend so far'),
    ...refusals,
    404: errorResponse('No such campaign'),
  },
});

const actorOf = (c: Context<AppEnv>): AuditActor => {
  const staff = c.get('staff');
  return { staffId: staff.id, email: staff.email };
};

function couponAnswer(c: Context<AppEnv>, result: CouponWriteResult, created: boolean) {
  switch (result.code) {
    case 'SAVED':
      return c.json(
        { message: created ? M.couponCreated : M.couponSaved, coupon: result.coupon },
        created ? 201 : 200,
      );
    case 'NOT_FOUND':
      return apiError(c, 'NOT_FOUND', M.couponNotFound);
    case 'INVALID':
      return apiError(c, 'VALIDATION_FAILED', result.message, result.fields);
    case 'CODE_TAKEN':
      return apiError(c, 'CONFLICT', M.codeTaken, { code: M.codeTaken });
  }
}

function dealAnswer(c: Context<AppEnv>, result: DealWriteResult, created: boolean) {
  switch (result.code) {
    case 'SAVED':
      return c.json(
        { message: created ? M.dealCreated : M.dealSaved, deal: result.deal },
        created ? 201 : 200,
      );
    case 'NOT_FOUND':
      return apiError(c, 'NOT_FOUND', M.dealNotFound);
    case 'INVALID':
      return apiError(c, 'VALIDATION_FAILED', result.message, result.fields);
    case 'OVER':
      return apiError(c, 'CONFLICT', M.dealOver);
  }
}

/** requirements#operator-promotions: coupons, deals, the platform promo and campaign reviews. `now` is the clock. */
export function promotionRoutes(db: Executor, options: { now?: () => Date } = {}) {
  const now = () => options.now?.() ?? new Date();
  const staff = requireStaff(db, { area: 'promotions', now });
  return createRouter()
    .openapi(guarded(couponList, staff), async (c) =>
      c.json(await listCoupons(db, c.req.valid('query'), now()), 200),
    )
    .openapi(guarded(couponOne, staff), async (c) => {
      const coupon = await findCoupon(db, c.req.valid('param').id, now());
      return coupon ? c.json(coupon, 200) : apiError(c, 'NOT_FOUND', M.couponNotFound);
    })
    .openapi(guarded(couponCreate, staff), async (c) =>
      couponAnswer(c, await createCoupon(db, actorOf(c), c.req.valid('json'), now()), true),
    )
    .openapi(guarded(couponEdit, staff), async (c) =>
      couponAnswer(
        c,
        await editCoupon(db, actorOf(c), c.req.valid('param').id, c.req.valid('json'), now()),
        false,
      ),
    )
    .openapi(guarded(couponSwitch('pause'), staff), async (c) => {
      const result = await setCouponActive(db, actorOf(c), c.req.valid('param').id, false, now());
      if (result.code === 'NOT_FOUND') return apiError(c, 'NOT_FOUND', M.couponNotFound);
      if (result.code === 'UNCHANGED') return apiError(c, 'CONFLICT', M.couponAlreadyPaused);
      return c.json({ message: M.couponPaused, coupon: result.coupon }, 200);
    })
    .openapi(guarded(couponSwitch('resume'), staff), async (c) => {
      const result = await setCouponActive(db, actorOf(c), c.req.valid('param').id, true, now());
      if (result.code === 'NOT_FOUND') return apiError(c, 'NOT_FOUND', M.couponNotFound);
      if (result.code === 'UNCHANGED') return apiError(c, 'CONFLICT', M.couponAlreadyActive);
      return c.json({ message: M.couponResumed, coupon: result.coupon }, 200);
    })
    .openapi(guarded(dealList, staff), async (c) =>
      c.json(await listDeals(db, c.req.valid('query'), now()), 200),
    )
    .openapi(guarded(dealOne, staff), async (c) => {
      const deal = await findDeal(db, c.req.valid('param').id, now());
      return deal ? c.json(deal, 200) : apiError(c, 'NOT_FOUND', M.dealNotFound);
    })
    .openapi(guarded(dealCreate, staff), async (c) =>
      dealAnswer(c, await createDeal(db, actorOf(c), c.req.valid('json'), now()), true),
    )
    .openapi(guarded(dealEdit, staff), async (c) =>
      dealAnswer(
        c,
        await editDeal(db, actorOf(c), c.req.valid('param').id, c.req.valid('json'), now()),
        false,
      ),
    )
    .openapi(guarded(dealEnd, staff), async (c) => {
      const result = await endDeal(db, actorOf(c), c.req.valid('param').id, now());
      if (result.code === 'NOT_FOUND') return apiError(c, 'NOT_FOUND', M.dealNotFound);
      if (result.code === 'NOT_LIVE') return apiError(c, 'CONFLICT', M.dealNotLive);
      return c.json({ message: M.dealEnded, deal: result.deal }, 200);
    })
    .openapi(guarded(promoRead, staff), async (c) => c.json(await platformPromoView(db), 200))
    .openapi(guarded(promoWrite, staff), async (c) => {
      const promo = await savePlatformPromo(db, actorOf(c), c.req.valid('json'), now());
      return c.json({ message: M.promoSaved, promo }, 200);
    })
    .openapi(guarded(campaignList, staff), async (c) =>
      c.json(await listCampaigns(db, c.req.valid('query')), 200),
    )
    .openapi(guarded(campaignApprove, staff), async (c) => {
      const result = await approveCampaign(db, actorOf(c), c.req.valid('param').id, now());
      if (result.code === 'NOT_FOUND') return apiError(c, 'NOT_FOUND', M.campaignNotFound);
      if (result.code === 'NOT_PENDING') return apiError(c, 'CONFLICT', M.campaignNotPending);
      return c.json({ message: M.campaignApproved, campaign: result.campaign }, 200);
    })
    .openapi(guarded(campaignRefuse, staff), async (c) => {
      const { reason } = c.req.valid('json');
      const result = await refuseCampaign(db, actorOf(c), c.req.valid('param').id, reason, now());
      if (result.code === 'NOT_FOUND') return apiError(c, 'NOT_FOUND', M.campaignNotFound);
      if (result.code === 'NOT_PENDING') return apiError(c, 'CONFLICT', M.campaignNotPending);
      return c.json({ message: M.campaignRefused, campaign: result.campaign }, 200);
    })
    .openapi(guarded(campaignBudget, staff), async (c) => {
      const result = await saveCampaignBudget(
        db,
        actorOf(c),
        c.req.valid('param').id,
        c.req.valid('json'),
        now(),
      );
      if (result.code === 'NOT_FOUND') return apiError(c, 'NOT_FOUND', M.campaignNotFound);
      if (result.code === 'BELOW_SPEND')
        return apiError(c, 'VALIDATION_FAILED', M.budgetBelowSpend, { totalBudgetPaise: M.budgetBelowSpend });
      return c.json({ message: M.budgetSaved, campaign: result.campaign }, 200);
    });
}
