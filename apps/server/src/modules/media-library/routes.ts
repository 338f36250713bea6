import { createRoute, z } from '@hono/zod-openapi';
import type { Database } from '@marketplace/db';
import {
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  MEDIA_VIDEO_LIMITS,
  MEDIA_VIDEO_MESSAGES,
  MediaImage,
  MediaLibrary,
  MediaQuery,
  MediaVideo,
  MediaVideos,
  mediaNameOf,
} from '@marketplace/domain/admin/media-api';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../../http/context.ts';
import { guarded } from '../../http/auth.ts';
import { apiError, errorBody } from '../../http/errors.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { requireStaff } from '../staff/index.ts';
import { addMedia, listMedia } from './service.ts';
import { addVideo, listVideos } from './videos.ts';
import type { MediaStore } from '../../media-store.ts';

/** The multipart upload takes its own body limit; the JSON body guard lets it through. */
export const MEDIA_PATH = '/admin/media';
export const MEDIA_VIDEOS_PATH = '/admin/media/videos';
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
/** An upload's form: the file, and an optional name (else the file's own). */
const uploadRequest = {
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
};
const uploadDoc = createRoute({
  method: 'post',
  path: MEDIA_PATH,
  tags: ['admin'],
  summary: 'Add an image to the media library',
  description:
    'multipart/form-data with `file` (JPEG, PNG, WebP or AVIF by its bytes, at most 5 MB) and an optional `name` (1 to 80 characters; else the file’s name). Stored as WebP at most 1500 px wide under /media/library/, named by its content. Roles owner and marketing.',
  request: uploadRequest,
  responses: {
    201: json(MediaImage, 'Added (or already there: renamed)'),
    400: errorResponse('No file, an empty file, or a name that is empty, too long or has control characters'),
    ...refusals,
    413: errorResponse('The file is over 5 MB'),
    415: errorResponse('Not multipart, or the bytes are not a JPEG, PNG, WebP or AVIF image'),
  },
});

const videoListRoute = createRoute({
  method: 'get',
  path: MEDIA_VIDEOS_PATH,
  tags: ['admin'],
  summary:
    'The media library’s films for video blocks, by part of their name (at most 48, newest uploads first)',
  description: 'Staff uploads, then the films page blocks already play. Roles owner and marketing.',
  request: { query: MediaQuery },
  responses: {
    200: json(MediaVideos, 'The films'),
    400: errorResponse('A search too long or with control characters'),
    ...refusals,
  },
});
const videoUploadDoc = createRoute({
  method: 'post',
  path: MEDIA_VIDEOS_PATH,
  tags: ['admin'],
  summary: 'Add a film to the media library, for video blocks',
  description:
    'multipart/form-data with `file` (MP4 or WebM by its bytes, at most 50 MB) and an optional `name`. Kept as uploaded under /media/library/videos/, named by its content. Roles owner and marketing.',
  request: uploadRequest,
  responses: {
    201: json(MediaVideo, 'Added (or already there: renamed)'),
    400: errorResponse('No file, an empty file, or a bad name'),
    ...refusals,
    413: errorResponse('The file is over 50 MB'),
    415: errorResponse('Not multipart, or the bytes are not an MP4 or WebM video'),
  },
});

/** requirements#media-library: the image picker's library and its uploads (roles owner and marketing). */
export function mediaLibraryRoutes(db: Database, options: { media: MediaStore; now?: () => Date }) {
  const now = () => options.now?.() ?? new Date();
  const staff = requireStaff(db, { area: 'content', now });
  const app = createRouter().openapi(guarded(listRoute, staff), async (c) =>
    c.json({ images: await listMedia(db, c.req.valid('query').q) }, 200),
  );
  // documented above, handled by hand: a multipart form with the image
  app.openAPIRegistry.registerPath(uploadDoc);
  const upload = (kind: 'image' | 'video') => {
    const messages = kind === 'image' ? MEDIA_MESSAGES : MEDIA_VIDEO_MESSAGES;
    const maxBytes = kind === 'image' ? MEDIA_LIMITS.imageBytes : MEDIA_VIDEO_LIMITS.videoBytes;
    return [
      bodyLimit({
        maxSize: maxBytes + FORM_OVERHEAD_BYTES,
        onError: (c) =>
          c.json(
            errorBody('PAYLOAD_TOO_LARGE', messages.tooLarge, undefined, String(c.get('requestId'))),
            413,
          ),
      }),
      async (c: Context<AppEnv>) => {
        const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
        if (type !== 'multipart/form-data')
          return apiError(c, 'UNSUPPORTED_MEDIA_TYPE', `Send the ${kind} as multipart/form-data.`);
        let form: FormData;
        try {
          form = await c.req.raw.formData();
        } catch {
          return apiError(c, 'VALIDATION_FAILED', 'The form could not be read.', { file: messages.file });
        }
        const part = form.get('file');
        if (!(part instanceof File) || part.size === 0)
          return apiError(c, 'VALIDATION_FAILED', messages.file, { file: messages.file });
        if (part.size > maxBytes)
          return apiError(c, 'PAYLOAD_TOO_LARGE', messages.tooLarge, { file: messages.tooLarge });
        const typed = form.get('name');
        const name = mediaNameOf(typeof typed === 'string' ? typed : '', part.name);
        if (name === null) return apiError(c, 'VALIDATION_FAILED', messages.name, { name: messages.name });
        const staffMember = c.get('staff');
        const actor = { staffId: staffMember.id, email: staffMember.email };
        const bytes = new Uint8Array(await part.arrayBuffer());
        if (kind === 'image') {
          const result = await addMedia(db, options.media, actor, { name, bytes }, now());
          if (result.code === 'WRONG_TYPE')
            return apiError(c, 'UNSUPPORTED_MEDIA_TYPE', messages.type, { file: messages.type });
          return c.json(result.image, 201);
        }
        const result = await addVideo(db, options.media, actor, { name, bytes }, now());
        if (result.code === 'WRONG_TYPE')
          return apiError(c, 'UNSUPPORTED_MEDIA_TYPE', messages.type, { file: messages.type });
        return c.json(result.video, 201);
      },
    ] as const;
  };
  const [imageLimit, imageUpload] = upload('image');
  app.post(MEDIA_PATH, staff, imageLimit, imageUpload);
  // requirements#media-library: films for video blocks (ADR-0047)
  app.openapi(guarded(videoListRoute, staff), async (c) =>
    c.json({ videos: await listVideos(db, c.req.valid('query').q) }, 200),
  );
  app.openAPIRegistry.registerPath(videoUploadDoc);
  const [videoLimit, videoUpload] = upload('video');
  app.post(MEDIA_VIDEOS_PATH, staff, videoLimit, videoUpload);
  return app;
}
