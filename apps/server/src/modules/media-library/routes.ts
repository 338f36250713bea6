import { createRoute, z } from '@hono/zod-openapi';
import type { Database } from '@marketplace/db';
import {
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  MediaImage,
  MediaLibrary,
  MediaQuery,
  mediaNameOf,
} from '@marketplace/domain/admin/media-api';
import { bodyLimit } from 'hono/body-limit';
import { guarded } from '../../http/auth.ts';
import { apiError, errorBody } from '../../http/errors.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { requireStaff } from '../staff/index.ts';
import { addMedia, listMedia } from './service.ts';

/** The multipart upload takes its own body limit; the JSON body guard lets it through. */
export const MEDIA_PATH = '/admin/media';
// room for the multipart boundaries, headers and the name field around the file
const FORM_OVERHEAD_BYTES = 64 * 1024;

const refusals = {
  401: errorResponse('Not logged in'),
  403: errorResponse('Not staff, the second factor not entered, or a role without storefront content'),
};

const listRoute = createRoute({
  method: 'get',
  path: MEDIA_PATH,
  tags: ['admin'],
  summary: 'The media library: images of ours by part of their name (at most 48, newest uploads first)',
  description:
    'Staff uploads, then banners (by alt text), brand logos and page blocks’ images. Roles owner and marketing.',
  request: { query: MediaQuery },
  responses: {
    200: json(MediaLibrary, 'The images'),
    400: errorResponse('A search too long or with control characters'),
    ...refusals,
  },
});
const uploadDoc = createRoute({
  method: 'post',
  path: MEDIA_PATH,
  tags: ['admin'],
  summary: 'Add an image to the media library',
  description:
    'multipart/form-data with `file` (JPEG, PNG, WebP or AVIF by its bytes, at most 5 MB) and an optional `name` (1 to 80 characters; else the file’s name). Stored as WebP at most 1500 px wide under /media/library/, named by its content. Roles owner and marketing.',
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({
            file: z.string().openapi({ type: 'string', format: 'binary' }),
            name: z.string().optional(),
          }),
        },
      },
    },
  },
  responses: {
    201: json(MediaImage, 'Added (or already there: renamed)'),
    400: errorResponse('No file, an empty file, or a name that is empty, too long or has control characters'),
    ...refusals,
    413: errorResponse('The file is over 5 MB'),
    415: errorResponse('Not multipart, or the bytes are not a JPEG, PNG, WebP or AVIF image'),
  },
});

/** requirements#media-library: the image picker's library and its uploads (roles owner and marketing). */
export function mediaLibraryRoutes(db: Database, options: { mediaDir: string; now?: () => Date }) {
  const now = () => options.now?.() ?? new Date();
  const staff = requireStaff(db, { area: 'content', now });
  const app = createRouter().openapi(guarded(listRoute, staff), async (c) =>
    c.json({ images: await listMedia(db, c.req.valid('query').q) }, 200),
  );
  // documented above, handled by hand: a multipart form with the image
  app.openAPIRegistry.registerPath(uploadDoc);
  app.post(
    MEDIA_PATH,
    staff,
    bodyLimit({
      maxSize: MEDIA_LIMITS.imageBytes + FORM_OVERHEAD_BYTES,
      onError: (c) =>
        c.json(
          errorBody('PAYLOAD_TOO_LARGE', MEDIA_MESSAGES.tooLarge, undefined, String(c.get('requestId'))),
          413,
        ),
    }),
    async (c) => {
      const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
      if (type !== 'multipart/form-data')
        return apiError(c, 'UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data.');
      let form: FormData;
      try {
        form = await c.req.raw.formData();
      } catch {
        return apiError(c, 'VALIDATION_FAILED', 'The form could not be read.', { file: MEDIA_MESSAGES.file });
      }
      const part = form.get('file');
      if (!(part instanceof File) || part.size === 0)
        return apiError(c, 'VALIDATION_FAILED', MEDIA_MESSAGES.file, { file: MEDIA_MESSAGES.file });
      if (part.size > MEDIA_LIMITS.imageBytes)
        return apiError(c, 'PAYLOAD_TOO_LARGE', MEDIA_MESSAGES.tooLarge, { file: MEDIA_MESSAGES.tooLarge });
      const typed = form.get('name');
      const name = mediaNameOf(typeof typed === 'string' ? typed : '', part.name);
      if (name === null)
        return apiError(c, 'VALIDATION_FAILED', MEDIA_MESSAGES.name, { name: MEDIA_MESSAGES.name });
      const staffMember = c.get('staff');
      const result = await addMedia(
        db,
        options.mediaDir,
        { staffId: staffMember.id, email: staffMember.email },
        { name, bytes: new Uint8Array(await part.arrayBuffer()) },
        now(),
      );
      if (result.code === 'WRONG_TYPE')
        return apiError(c, 'UNSUPPORTED_MEDIA_TYPE', MEDIA_MESSAGES.type, { file: MEDIA_MESSAGES.type });
      return c.json(result.image, 201);
    },
  );
  return app;
}
