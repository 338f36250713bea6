// requirements#media-library: the console's image picker chooses an image the server already holds
// (staff's uploads to the library, banners, brand logos, banner blocks) or uploads a new one. One
// contract for the server's routes, the kit's picker and the forms' actions.
import { z } from 'zod';

/** The library's address: `GET` searches it, `POST` (multipart) adds an image. */
export const MEDIA_LIBRARY_SOURCE = '/api/admin/media';

/** What the image picker's file input accepts (the server checks the bytes). */
export const MEDIA_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

export const MEDIA_LIMITS = {
  /** what an upload to the library may weigh */
  imageBytes: 5 * 1024 * 1024,
  nameMax: 80,
  queryMax: 100,
  /** images listed per search */
  images: 48,
  /** the widest the library keeps an image (never enlarged) */
  storedWidth: 1500,
} as const;

/** The library's images come from these stores of the server. */
export const MEDIA_SOURCES = ['library', 'banner', 'brand', 'block'] as const;
export type MediaSource = (typeof MEDIA_SOURCES)[number];
export const MEDIA_SOURCE_LABELS: Record<MediaSource, string> = {
  library: 'Uploaded',
  banner: 'Banner',
  brand: 'Brand logo',
  block: 'Page block',
};

export const MEDIA_MESSAGES = {
  query: 'Search with at most 100 characters, without control characters.',
  file: 'Choose an image: a JPEG, PNG, WebP or AVIF file, up to 5 MB.',
  type: 'This file is not a JPEG, PNG, WebP or AVIF image.',
  tooLarge: 'The image is over 5 MB. Choose a smaller one.',
  name: 'Name the image in 1 to 80 characters, without control characters.',
  uploaded: 'The image was added to the library.',
} as const;

// a NUL byte can never be stored or searched, nor any control character typed
const NO_CONTROL = /^\P{Cc}*$/u;

/** `GET /api/admin/media?q=`: part of an image's name. */
export const MediaQuery = z.object({
  q: z
    .string()
    .max(MEDIA_LIMITS.queryMax, MEDIA_MESSAGES.query)
    .regex(NO_CONTROL, MEDIA_MESSAGES.query)
    .default('')
    .transform((q) => q.trim()),
});
export type MediaQuery = z.infer<typeof MediaQuery>;

export const MediaImage = z.object({
  /** where the shop serves it: /media/… */
  path: z.string(),
  /** what staff search it by: its name, a banner's alt text, a brand's name */
  name: z.string(),
  source: z.enum(MEDIA_SOURCES),
});
export type MediaImage = z.infer<typeof MediaImage>;

export const MediaLibrary = z.object({ images: z.array(MediaImage) }).meta({ id: 'MediaLibrary' });
export type MediaLibrary = z.infer<typeof MediaLibrary>;

/** The upload's name field: what staff will search the image by. */
export const MediaName = z
  .string()
  .trim()
  .min(1, MEDIA_MESSAGES.name)
  .max(MEDIA_LIMITS.nameMax, MEDIA_MESSAGES.name)
  .regex(NO_CONTROL, MEDIA_MESSAGES.name);

/**
 * The name an upload is listed by: the one typed, else the file's own name without its extension,
 * its dashes and underscores read as spaces. Null when neither gives a usable name.
 */
export function mediaNameOf(typed: string, fileName: string): string | null {
  const fromFile = fileName
    .replace(/^.*[\\/]/, '')
    .replace(/\.[a-z0-9]{1,5}$/i, '')
    .replace(/[-_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const wanted = typed.trim() === '' ? fromFile : typed;
  const parsed = MediaName.safeParse(wanted);
  return parsed.success ? parsed.data : null;
}

/** A library image's path as a form posts it: one of ours under /media/, never climbing out. */
export function isLibraryPath(path: string): boolean {
  return (
    path.length <= 300 &&
    /^\/media\/[A-Za-z0-9][A-Za-z0-9._/-]*\.(webp|png|jpe?g|avif|svg)$/.test(path) &&
    !path
      .slice(1)
      .split('/')
      .some((part) => part === '..' || part === '.' || part === '')
  );
}

// requirements#media-library: a video block plays a film of ours: staff upload MP4 or WebM (the two
// every browser's <video> plays) to the library, or name an https file (ADR-0047).

/** The library's films: `GET` searches them, `POST` (multipart) adds one. */
export const MEDIA_VIDEOS_SOURCE = '/api/admin/media/videos';

/** What the video picker's file input accepts (the server checks the bytes). */
export const MEDIA_VIDEO_ACCEPT = 'video/mp4,video/webm';

export const MEDIA_VIDEO_LIMITS = {
  /** a 30-second 1080p brand film at a web bitrate is well under this */
  videoBytes: 50 * 1024 * 1024,
  videos: 48,
} as const;

export const MEDIA_VIDEO_MESSAGES = {
  file: 'Choose a video: an MP4 or WebM file, up to 50 MB.',
  type: 'This file is not an MP4 or WebM video.',
  tooLarge: 'The video is over 50 MB. Shorten or compress it first.',
  name: MEDIA_MESSAGES.name,
  chosen: 'Choose a video from the library list.',
} as const;

export const MediaVideo = z.object({
  /** where the shop serves it: /media/library/videos/… or a page block's own */
  path: z.string(),
  name: z.string(),
  source: z.enum(['library', 'block']),
});
export type MediaVideo = z.infer<typeof MediaVideo>;

export const MediaVideos = z.object({ videos: z.array(MediaVideo) }).meta({ id: 'MediaVideos' });
export type MediaVideos = z.infer<typeof MediaVideos>;

/**
 * The video a block form saves: the path or address typed (checked by the block's schema as
 * before), else the library film chosen before the scripts ran, which must be one the list offered.
 */
export function chooseVideo(
  typed: string,
  chosen: string,
  offered: readonly string[],
): { ok: true; video: string } | { ok: false; message: string } {
  if (typed.trim() !== '' || chosen === '') return { ok: true, video: typed.trim() };
  if (offered.includes(chosen)) return { ok: true, video: chosen };
  return { ok: false, message: MEDIA_VIDEO_MESSAGES.chosen };
}
