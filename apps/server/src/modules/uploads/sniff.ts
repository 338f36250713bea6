import { fileTypeFromFile } from 'file-type';
import { UPLOAD_LIMITS } from '@marketplace/domain/orders/feedback';

export type MediaKind = 'image' | 'video';

// What shoppers may upload, told by the file's bytes (never its name or the browser's type).
// SVG is left out on purpose: it is a document that can carry scripts.
const ACCEPTED: Record<string, MediaKind> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/gif': 'image',
  'image/heic': 'image',
  'image/avif': 'image',
  'video/mp4': 'video',
  'video/quicktime': 'video',
  'video/webm': 'video',
  'video/x-matroska': 'video',
  'video/3gpp': 'video',
  'video/x-m4v': 'video',
};

export const MAX_BYTES: Record<MediaKind, number> = {
  image: UPLOAD_LIMITS.imageBytes,
  video: UPLOAD_LIMITS.videoBytes,
};

/** The file's real type by its magic bytes, if it is an image or video we accept. */
export async function sniffMedia(path: string): Promise<{ kind: MediaKind; contentType: string } | null> {
  const found = await fileTypeFromFile(path);
  if (!found) return null;
  const kind = ACCEPTED[found.mime];
  return kind ? { kind, contentType: found.mime } : null;
}
