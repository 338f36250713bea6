import { z } from 'zod';
import { FREE_TEXT_PATTERN } from './free-text.ts';

// requirements#feedback and requirements#uploads.

export const FEEDBACK_KINDS = ['seller', 'delivery', 'product'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

export const FEEDBACK_TITLES: Record<FeedbackKind, string> = {
  seller: 'Seller Feedback',
  delivery: 'Delivery Feedback',
  product: 'Product Feedback',
};

export const STAR_LABELS = {
  1: 'Very poor',
  2: 'Poor',
  3: 'Average',
  4: 'Good',
  5: 'Excellent',
} as const satisfies Record<1 | 2 | 3 | 4 | 5, string>;

export const FEEDBACK_LIMITS = {
  /** requirements#uploads: at most 5 images and one video on a product feedback */
  images: 5,
  videos: 1,
  /** requirements#uploads: images are resized to at most 300 px on the longer side */
  imageSide: 300,
  textLength: 2000,
} as const;

/** Upload size limits the server enforces (bytes). */
export const UPLOAD_LIMITS = {
  imageBytes: 5 * 1024 * 1024,
  videoBytes: 50 * 1024 * 1024,
} as const;

export const FEEDBACK_MESSAGES = {
  /** requirements#feedback: the fallback when a submission fails */
  failed: 'An error occurred while submitting your feedback',
  /** requirements#uploads (return and replacement images, the same picker) */
  tooManyImages: `You can only upload a maximum of ${FEEDBACK_LIMITS.images} images.`,
  invalidImages: 'Please select valid image files.',
  invalidVideo: 'Please select a valid video file.',
  stars: 'Please select a star rating from 1 to 5.',
  textTooLong: `Your feedback can be at most ${FEEDBACK_LIMITS.textLength} characters.`,
  textInvalid: 'Please write your feedback without control characters.',
  mediaOnlyForProduct: 'Only product feedback can carry images and a video.',
  unknownUpload: 'An attached file was not found. Please attach it again.',
  notDelivered: 'You can give feedback once the item is delivered.',
  notFound: 'This order item was not found.',
  saved: 'Thank you for your feedback!',
  imageTooLarge: 'An image can be at most 5 MB.',
  videoTooLarge: 'A video can be at most 50 MB.',
} as const;

/** An upload's key as the server issues it: 32 lower-case hex characters. */
export const UploadKey = z.string().regex(/^[0-9a-f]{32}$/, { error: FEEDBACK_MESSAGES.unknownUpload });

/** The feedback forms and `PUT /api/feedback`: one feedback of a kind on an order item. */
export const FeedbackInput = z
  .strictObject({
    orderItemId: z.number().int().positive().max(2_147_483_647),
    kind: z.enum(FEEDBACK_KINDS),
    stars: z
      .number({ error: FEEDBACK_MESSAGES.stars })
      .int({ error: FEEDBACK_MESSAGES.stars })
      .min(1, { error: FEEDBACK_MESSAGES.stars })
      .max(5, { error: FEEDBACK_MESSAGES.stars }),
    text: z
      .string()
      .trim()
      .max(FEEDBACK_LIMITS.textLength, { error: FEEDBACK_MESSAGES.textTooLong })
      .regex(FREE_TEXT_PATTERN, { error: FEEDBACK_MESSAGES.textInvalid }),
    images: z
      .array(UploadKey)
      .max(FEEDBACK_LIMITS.images, { error: FEEDBACK_MESSAGES.tooManyImages })
      .default([]),
    video: UploadKey.nullable().default(null),
  })
  .superRefine((input, ctx) => {
    if (input.kind !== 'product' && (input.images.length > 0 || input.video !== null)) {
      ctx.addIssue({ code: 'custom', path: ['images'], message: FEEDBACK_MESSAGES.mediaOnlyForProduct });
    }
    if (new Set(input.images).size !== input.images.length) {
      ctx.addIssue({ code: 'custom', path: ['images'], message: FEEDBACK_MESSAGES.unknownUpload });
    }
  });
export type FeedbackInput = z.infer<typeof FeedbackInput>;

/** A photo or video of a feedback: its upload's key and where its owner (or anyone, once published) sees it. */
export const FeedbackMedia = z.object({ key: z.string(), url: z.string() }).meta({ id: 'FeedbackMedia' });
export type FeedbackMedia = z.infer<typeof FeedbackMedia>;

/** One feedback the shopper gave (requirements#feedback). */
export const SavedFeedback = z
  .object({
    kind: z.enum(FEEDBACK_KINDS),
    stars: z.number().int().min(1).max(5),
    text: z.string(),
    images: z.array(FeedbackMedia),
    video: FeedbackMedia.nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Feedback' });
export type SavedFeedback = z.infer<typeof SavedFeedback>;

/** The order item the feedback forms are about. */
export const FeedbackItem = z
  .object({
    id: z.number().int(),
    orderNo: z.string(),
    productName: z.string(),
    productImage: z.string(),
    sellerName: z.string(),
    quantity: z.number().int(),
    isDelivered: z.boolean().describe('Feedback can be given only once delivered'),
  })
  .meta({ id: 'FeedbackItem' });
export type FeedbackItem = z.infer<typeof FeedbackItem>;

/** `GET /api/feedback`: the item and its seller, delivery and product feedback (null when not given). */
export const ItemFeedback = z
  .object({
    item: FeedbackItem,
    feedback: z.object({
      seller: SavedFeedback.nullable(),
      delivery: SavedFeedback.nullable(),
      product: SavedFeedback.nullable(),
    }),
  })
  .meta({ id: 'ItemFeedback' });
export type ItemFeedback = z.infer<typeof ItemFeedback>;

/** `PUT /api/feedback`: the feedback as saved, and the spec's thanks. */
export const FeedbackSaved = z
  .object({ feedback: SavedFeedback, message: z.string() })
  .meta({ id: 'FeedbackSaved' });
export type FeedbackSaved = z.infer<typeof FeedbackSaved>;

/** `POST /api/uploads`: a photo or video stored about an order item, named by its key. */
export const Upload = z
  .object({
    key: z.string().meta({ example: '9f86d081884c7d659a2feaa0c55ad015' }),
    kind: z.enum(['image', 'video']),
    contentType: z.string().describe('Told by the file’s bytes, not its name'),
    sizeBytes: z.number().int(),
    url: z.string().meta({ example: '/api/uploads/9f86d081884c7d659a2feaa0c55ad015' }),
  })
  .meta({ id: 'Upload' });
export type Upload = z.infer<typeof Upload>;

type PickedFile = { name: string; type: string };

/**
 * requirements#uploads: the image picker keeps image files only, ignores a file whose name is already picked,
 * and holds at most 5; what did not fit is said with the spec's message.
 */
export function pickImages<T extends PickedFile>(
  current: readonly { name: string }[],
  picked: readonly T[],
): { added: T[]; message: string | null } {
  const images = picked.filter((file) => file.type.startsWith('image/'));
  let message: string | null = images.length < picked.length ? FEEDBACK_MESSAGES.invalidImages : null;
  const names = new Set(current.map((file) => file.name));
  const added: T[] = [];
  for (const file of images) {
    if (names.has(file.name)) continue;
    if (current.length + added.length >= FEEDBACK_LIMITS.images) {
      message = FEEDBACK_MESSAGES.tooManyImages;
      break;
    }
    names.add(file.name);
    added.push(file);
  }
  return { added, message };
}

/** requirements#uploads: the unpack/feedback video must be a video file. */
export function isVideoFile(file: PickedFile): boolean {
  return file.type.startsWith('video/');
}

/** requirements#uploads: the size an image is resized to, at most `side` px on its longer side, never enlarged. */
export function fitWithin(
  width: number,
  height: number,
  side: number = FEEDBACK_LIMITS.imageSide,
): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, side / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
