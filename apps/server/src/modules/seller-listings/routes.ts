import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Database } from '@marketplace/db';
import {
  CatalogMatches,
  CreateListingInput,
  CreateProductInput,
  LISTING_LIMITS,
  LISTING_MESSAGES,
  ListingChanged,
  ListingsQuery,
  ProductCreated,
  ProductFormOptions,
  ProductImageUploaded,
  SellerListingDetail,
  SellerListingsPage,
  UpdateListingInput,
} from '@marketplace/domain/sellers/listing-api';
import { guarded, requireSeller } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json, RecordIdParams, recordId } from '../../http/openapi.ts';
import { hitLimit } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/router.ts';
import { receiveFile } from '../uploads/index.ts';
import { findCatalogProducts, productFormOptions } from './catalog.ts';
import { createSellerProduct } from './create-product.ts';
import {
  changeListingState,
  createSellerListing,
  getSellerListing,
  type ListingResult,
  listSellerListings,
  updateSellerListing,
} from './listings.ts';
import { storeProductImage } from './product-images.ts';
import type { MediaStore } from '../../media-store.ts';

const tags = ['Seller Central'];
/** The multipart endpoint takes its own body limit; the JSON body guard lets it through. */
export const PRODUCT_IMAGE_PATH = '/seller/products/images';
const IMAGES_PER_HOUR = 200;
const FORM_OVERHEAD_BYTES = 64 * 1024;

const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});
const sellerOnly = {
  401: errorResponse('Not logged in'),
  403: errorResponse('Logged in, but not as an approved seller'),
};
const refusals = {
  ...sellerOnly,
  400: errorResponse('Invalid input: a message per field'),
  404: errorResponse('No such listing or product of this seller'),
  409: errorResponse('Closed listing, SKU in use, product already sold by you or title taken'),
};

const listRoute = createRoute({
  method: 'get',
  path: '/seller/listings',
  tags,
  summary: 'The seller’s open listings, by product name or SKU, 20 a page',
  request: {
    query: z.object({
      q: z
        .string()
        .max(LISTING_LIMITS.searchMax, `Search with up to ${LISTING_LIMITS.searchMax} characters.`)
        .optional()
        .openapi({ param: { name: 'q', in: 'query' } }),
      page: z
        .string()
        .optional()
        .openapi({ param: { name: 'page', in: 'query' } }),
    }),
  },
  responses: {
    200: json(SellerListingsPage, 'A page of listings'),
    400: errorResponse('Bad query'),
    ...sellerOnly,
  },
});
const createListingRoute = createRoute({
  method: 'post',
  path: '/seller/listings',
  tags,
  summary:
    'Sell an existing catalog product: the seller’s own offer (SKU, price, M.R.P., stock, shipping facts)',
  request: body(CreateListingInput),
  responses: { 201: json(ListingChanged, 'Listed: live at once'), ...refusals },
});
const getRoute = createRoute({
  method: 'get',
  path: '/seller/listings/{id}',
  tags,
  summary: 'One listing of the seller, with its product’s content when the seller added the product',
  request: { params: RecordIdParams },
  responses: {
    200: json(SellerListingDetail, 'The listing'),
    404: errorResponse('No such listing of this seller'),
    ...sellerOnly,
  },
});
const updateRoute = createRoute({
  method: 'put',
  path: '/seller/listings/{id}',
  tags,
  summary: 'Edit a listing: offer changes are live; the seller’s own product’s content goes to moderation',
  request: { params: RecordIdParams, ...body(UpdateListingInput) },
  responses: { 200: json(ListingChanged, 'Saved'), ...refusals },
});
const stateRoute = (change: 'pause' | 'resume' | 'close', summary: string) =>
  createRoute({
    method: 'post',
    path: `/seller/listings/{id}/${change}`,
    tags,
    summary,
    request: { params: RecordIdParams },
    responses: { 200: json(ListingChanged, 'Done'), ...refusals },
  });
const catalogRoute = createRoute({
  method: 'get',
  path: '/seller/products/catalog',
  tags,
  summary: 'Catalog products to sell, found as the shop’s search finds them',
  request: {
    query: z.object({
      q: z
        .string()
        .max(LISTING_LIMITS.searchMax, `Search with up to ${LISTING_LIMITS.searchMax} characters.`)
        .default('')
        .openapi({ param: { name: 'q', in: 'query' } }),
    }),
  },
  responses: {
    200: json(CatalogMatches, 'Matching products'),
    400: errorResponse('Bad query'),
    ...sellerOnly,
  },
});
const optionsRoute = createRoute({
  method: 'get',
  path: '/seller/products/form-options',
  tags,
  summary:
    'The new-product form’s leaf categories, brands, the chosen category’s attributes and the seller’s variant groups',
  request: {
    query: z.object({
      categoryId: recordId('categoryId must be a category id.')
        .optional()
        .openapi({ param: { name: 'categoryId', in: 'query' } }),
    }),
  },
  responses: { 200: json(ProductFormOptions, 'The choices'), 400: errorResponse('Bad query'), ...sellerOnly },
});
const imageRoute = createRoute({
  method: 'post',
  path: PRODUCT_IMAGE_PATH,
  tags,
  summary: 'Upload one product image: checked by its bytes, resized to 1000, 500 and 200 px',
  description:
    'multipart/form-data with one part `file`: a JPEG, PNG, WebP or AVIF image of at most 5 MB. Answers the path to send in a new product’s `images`.',
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({ file: z.string().openapi({ type: 'string', format: 'binary' }) }),
        },
      },
    },
  },
  responses: {
    201: json(ProductImageUploaded, 'Stored'),
    400: errorResponse('No file part, or a malformed form'),
    413: errorResponse('Over 5 MB'),
    415: errorResponse('Not multipart, or not an image we accept'),
    429: errorResponse('Too many uploads this hour'),
    ...sellerOnly,
  },
});
const createProductRoute = createRoute({
  method: 'post',
  path: '/seller/products',
  tags,
  summary: 'Add a new product in a leaf category with the seller’s offer; it waits for moderation',
  request: body(CreateProductInput),
  responses: { 201: json(ProductCreated, 'Submitted for moderation'), ...refusals },
});

/** Each refusal of the listing services as its status and message. */
function refuse(c: Context<AppEnv>, result: Exclude<ListingResult, { code: 'OK' }>) {
  switch (result.code) {
    case 'NOT_FOUND':
      return apiError(c, 'NOT_FOUND', LISTING_MESSAGES.notFound);
    case 'CLOSED':
      return apiError(c, 'CONFLICT', LISTING_MESSAGES.closed);
    case 'DUPLICATE_SKU':
      return apiError(c, 'CONFLICT', LISTING_MESSAGES.duplicateSku, {
        'offer.sku': LISTING_MESSAGES.duplicateSku,
      });
    case 'ALREADY_SELLING':
      return apiError(c, 'CONFLICT', LISTING_MESSAGES.alreadySelling);
    case 'DUPLICATE_TITLE':
      return apiError(c, 'CONFLICT', LISTING_MESSAGES.duplicateTitle, {
        'content.title': LISTING_MESSAGES.duplicateTitle,
      });
    case 'NOT_ALLOWED':
      return apiError(c, 'FORBIDDEN', LISTING_MESSAGES.categoryNotAllowed);
    case 'NOT_SELLABLE':
      return apiError(c, 'CONFLICT', LISTING_MESSAGES.productNotSellable);
    case 'INVALID':
      return apiError(c, 'VALIDATION_FAILED', result.message, result.fields);
  }
}

/** requirements#seller-listings: a seller's listings and products; the seller comes from the session only. */
export function sellerListingRoutes(db: Database, media: MediaStore, clock: () => Date = () => new Date()) {
  const guard = requireSeller(db);
  const app = createRouter();

  app.openapi(guarded(listRoute, guard), async (c) => {
    const query = ListingsQuery.parse(c.req.valid('query'));
    return c.json(await listSellerListings(db, c.get('seller').sellerId, query), 200);
  });
  app.openapi(guarded(createListingRoute, guard), async (c) => {
    const result = await createSellerListing(db, c.get('seller').sellerId, c.req.valid('json'), clock());
    if (result.code !== 'OK') return refuse(c, result);
    return c.json(
      { success: true as const, message: result.message, offerId: result.offerId, status: result.status },
      201,
    );
  });
  app.openapi(guarded(getRoute, guard), async (c) => {
    const found = await getSellerListing(db, c.get('seller').sellerId, c.req.valid('param').id, clock());
    if (!found) return apiError(c, 'NOT_FOUND', LISTING_MESSAGES.notFound);
    return c.json(found, 200);
  });
  app.openapi(guarded(updateRoute, guard), async (c) => {
    const result = await updateSellerListing(
      db,
      c.get('seller').sellerId,
      c.req.valid('param').id,
      c.req.valid('json'),
      clock(),
    );
    if (result.code !== 'OK') return refuse(c, result);
    return c.json(
      { success: true as const, message: result.message, offerId: result.offerId, status: result.status },
      200,
    );
  });
  for (const [change, summary] of [
    ['pause', 'Pause a listing: shoppers no longer see the offer'],
    ['resume', 'Resume a paused listing'],
    ['close', 'Close a listing for good: it never sells again'],
  ] as const) {
    app.openapi(guarded(stateRoute(change, summary), guard), async (c) => {
      const result = await changeListingState(
        db,
        c.get('seller').sellerId,
        c.req.valid('param').id,
        change,
        clock(),
      );
      if (result.code !== 'OK') return refuse(c, result);
      return c.json(
        { success: true as const, message: result.message, offerId: result.offerId, status: result.status },
        200,
      );
    });
  }
  app.openapi(guarded(catalogRoute, guard), async (c) =>
    c.json(await findCatalogProducts(db, c.get('seller').sellerId, c.req.valid('query').q), 200),
  );
  app.openapi(guarded(optionsRoute, guard), async (c) =>
    c.json(
      await productFormOptions(db, c.get('seller').sellerId, c.req.valid('query').categoryId ?? null),
      200,
    ),
  );
  app.openapi(guarded(createProductRoute, guard), async (c) => {
    const result = await createSellerProduct(
      db,
      media,
      c.get('seller').sellerId,
      c.req.valid('json'),
      clock(),
    );
    if (result.code !== 'OK') return refuse(c, result);
    return c.json(
      {
        success: true as const,
        message: LISTING_MESSAGES.productCreated,
        productId: result.productId,
        offerId: result.offerId,
        status: 'pending' as const,
      },
      201,
    );
  });

  // documented here, handled by hand: the form is streamed to a temporary file, never parsed into memory
  app.openAPIRegistry.registerPath(imageRoute);
  app.post(PRODUCT_IMAGE_PATH, guard, async (c) => {
    const { sellerId } = c.get('seller');
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > LISTING_LIMITS.imageBytes + FORM_OVERHEAD_BYTES)
      return apiError(c, 'PAYLOAD_TOO_LARGE', LISTING_MESSAGES.imageTooLarge);
    const limit = await hitLimit(db, {
      key: `seller-image:${sellerId}`,
      max: IMAGES_PER_HOUR,
      windowMs: 3_600_000,
    });
    if (!limit.allowed) {
      c.header('Retry-After', String(limit.retryAfterSeconds));
      return apiError(c, 'RATE_LIMITED', 'Too many uploads. Please try again later.');
    }
    const received = await receiveFile(c.req.raw, LISTING_LIMITS.imageBytes);
    if (!received.ok) {
      switch (received.code) {
        case 'NOT_MULTIPART':
          return apiError(c, 'UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data.');
        case 'TOO_LARGE':
          return apiError(c, 'PAYLOAD_TOO_LARGE', LISTING_MESSAGES.imageTooLarge);
        case 'TOO_MANY_FILES':
        case 'NO_FILE':
        case 'MALFORMED':
          return apiError(c, 'VALIDATION_FAILED', 'Attach one image as the form part “file”.', {
            file: 'Attach one image as the form part “file”.',
          });
      }
    }
    const stored = await storeProductImage(media, sellerId, received.file, LISTING_LIMITS.imageBytes);
    if (!stored.ok) {
      return stored.code === 'TOO_LARGE'
        ? apiError(c, 'PAYLOAD_TOO_LARGE', LISTING_MESSAGES.imageTooLarge)
        : apiError(c, 'UNSUPPORTED_MEDIA_TYPE', LISTING_MESSAGES.imageType, {
            file: LISTING_MESSAGES.imageType,
          });
    }
    return c.json({ path: stored.path, sizes: stored.sizes }, 201);
  });
  return app;
}
