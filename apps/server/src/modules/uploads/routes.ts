import { createRoute, z } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import { FEEDBACK_MESSAGES, Upload } from '@marketplace/domain/orders/feedback';
import { guarded, optionalShopper, requireShopper } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { hitLimit } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/router.ts';
import { errorResponse, recordId } from '../../http/openapi.ts';
import { receiveFile } from './receive.ts';
import { openUpload, storeUpload } from './service.ts';
import { MAX_BYTES, type MediaKind } from './sniff.ts';
import type { UploadStore } from './store.ts';

/** The multipart endpoint takes its own body limits; the JSON body guard lets it through. */
export const UPLOAD_PATH = '/uploads';
const UPLOADS_PER_HOUR = 60;
// room for the multipart boundaries and headers around the file
const FORM_OVERHEAD_BYTES = 64 * 1024;

const WRONG_TYPE: Record<MediaKind, string> = {
  image: FEEDBACK_MESSAGES.invalidImages,
  video: FEEDBACK_MESSAGES.invalidVideo,
};
const TOO_LARGE: Record<MediaKind, string> = {
  image: FEEDBACK_MESSAGES.imageTooLarge,
  video: FEEDBACK_MESSAGES.videoTooLarge,
};

const UploadQuery = z.object({
  orderItem: recordId('orderItem must be an order item id.').openapi({
    param: { name: 'orderItem', in: 'query' },
    example: '12',
  }),
  kind: z
    .enum(['image', 'video'], { error: 'kind must be image or video.' })
    .openapi({ param: { name: 'kind', in: 'query' } }),
});
const KeyParams = z.object({
  key: z
    .string()
    .regex(/^[0-9a-f]{32}$/, 'No such file.')
    .openapi({ param: { name: 'key', in: 'path' } }),
});

const uploadRoute = createRoute({
  method: 'post',
  path: UPLOAD_PATH,
  tags: ['Uploads'],
  summary: 'Upload a photo or video about one of the shopper’s order items',
  description:
    'multipart/form-data with one part `file`. The file’s bytes must be an image (JPEG, PNG, WebP, GIF, HEIC, AVIF; at most 5 MB) or a video (MP4, MOV, WebM, MKV, 3GP; at most 50 MB) as `kind` says. Stored under a random key; only the shopper and the item’s seller can fetch it. 60 uploads an hour per shopper.',
  request: {
    query: UploadQuery,
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
    201: { content: { 'application/json': { schema: Upload } }, description: 'Stored' },
    400: errorResponse('Bad query, no file part, or a malformed form'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such order item of this shopper'),
    413: errorResponse('The file is over the size limit of its kind'),
    415: errorResponse('Not multipart, or the file’s bytes are not an image (or video) we accept'),
    429: errorResponse('Too many uploads this hour'),
  },
});
const fetchRoute = createRoute({
  method: 'get',
  path: `${UPLOAD_PATH}/{key}`,
  tags: ['Uploads'],
  summary: 'An uploaded file, for its owner and the order item’s seller',
  description: 'Images shown in a published product review can be fetched by anyone. Everyone else gets 404.',
  request: { params: KeyParams },
  responses: {
    200: { content: { 'application/octet-stream': { schema: z.string() } }, description: 'The file' },
    404: errorResponse('No such file, or not yours to see'),
  },
});

export function uploadRoutes(db: Executor, store: UploadStore) {
  const app = createRouter();
  // documented here, handled by hand: the form is streamed to disk, never parsed into memory
  app.openAPIRegistry.registerPath(uploadRoute);
  app.post(UPLOAD_PATH, requireShopper(db, 'Please log in to upload files.'), async (c) => {
    const shopper = c.get('shopper');
    const query = UploadQuery.safeParse(c.req.query());
    if (!query.success) {
      const issue = query.error.issues[0];
      const field = String(issue?.path[0] ?? '_');
      const message = issue?.message ?? 'The request is invalid.';
      return apiError(c, 'VALIDATION_FAILED', message, { [field]: message });
    }
    const { orderItem, kind } = query.data;
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > MAX_BYTES[kind] + FORM_OVERHEAD_BYTES)
      return apiError(c, 'PAYLOAD_TOO_LARGE', TOO_LARGE[kind]);
    const limit = await hitLimit(db, {
      key: `upload:${shopper.id}`,
      max: UPLOADS_PER_HOUR,
      windowMs: 3_600_000,
    });
    if (!limit.allowed) {
      c.header('Retry-After', String(limit.retryAfterSeconds));
      return apiError(c, 'RATE_LIMITED', 'Too many uploads. Please try again later.');
    }
    const received = await receiveFile(c.req.raw, MAX_BYTES[kind]);
    if (!received.ok) {
      switch (received.code) {
        case 'NOT_MULTIPART':
          return apiError(c, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
        case 'TOO_LARGE':
          return apiError(c, 'PAYLOAD_TOO_LARGE', TOO_LARGE[kind]);
        case 'TOO_MANY_FILES':
          return apiError(c, 'VALIDATION_FAILED', 'Send one file per upload.', {
            file: 'Send one file per upload.',
          });
        case 'NO_FILE':
        case 'MALFORMED':
          return apiError(c, 'VALIDATION_FAILED', 'Attach the file as the form part “file”.', {
            file: 'Attach the file as the form part “file”.',
          });
      }
    }
    const result = await storeUpload(db, store, {
      userId: shopper.id,
      orderItemId: orderItem,
      expected: kind,
      file: received.file,
    });
    switch (result.code) {
      case 'NOT_FOUND':
        return apiError(c, 'NOT_FOUND', FEEDBACK_MESSAGES.notFound);
      case 'WRONG_TYPE':
        return apiError(c, 'UNSUPPORTED_MEDIA_TYPE', WRONG_TYPE[kind], { file: WRONG_TYPE[kind] });
      case 'TOO_LARGE':
        return apiError(c, 'PAYLOAD_TOO_LARGE', TOO_LARGE[kind]);
      case 'OK':
        return c.json(result.upload, 201);
    }
  });
  app.openapi(guarded(fetchRoute, optionalShopper(db)), async (c) => {
    const viewer = c.get('viewer');
    const found = await openUpload(db, store, c.req.valid('param').key, viewer?.id ?? null);
    if (!found) return apiError(c, 'NOT_FOUND', 'No such file.');
    return new Response(found.body, {
      status: 200,
      headers: {
        'Content-Type': found.contentType,
        'Content-Length': String(found.size),
        // a review photo may sit in shared caches; a private file only in the viewer's browser
        'Cache-Control': found.isPublic ? 'public, max-age=300' : 'private, max-age=300',
        Vary: 'Cookie',
        'Content-Disposition': 'inline',
        // never let an uploaded file run anything, even if a browser second-guessed its type
        'Content-Security-Policy': "default-src 'none'; img-src 'self' data:; media-src 'self'; sandbox",
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
  return app;
}
