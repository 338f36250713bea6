// requirements#product-languages (ADR-0064): the languages a product's text may be written in
// besides English, and how a shopper's language is read from a request. English is the product's
// own text; Hindi, Tamil and Telugu come from its sellers, moderated, field by field.
import { z } from 'zod';

/** The languages sellers may add a product's text in. */
export const PRODUCT_LANGUAGES = ['hi', 'ta', 'te'] as const;
export type ProductLanguage = (typeof PRODUCT_LANGUAGES)[number];

/** The shop's languages: English (the default, no prefix) and the product languages. */
export const SHOP_LANGUAGES = ['en', ...PRODUCT_LANGUAGES] as const;
export type ShopLanguage = (typeof SHOP_LANGUAGES)[number];
export const DEFAULT_SHOP_LANGUAGE: ShopLanguage = 'en';

export const LANGUAGE_NAMES: Record<ShopLanguage, { english: string; own: string }> = {
  en: { english: 'English', own: 'English' },
  hi: { english: 'Hindi', own: 'हिन्दी' },
  ta: { english: 'Tamil', own: 'தமிழ்' },
  te: { english: 'Telugu', own: 'తెలుగు' },
};

export const LANGUAGE_MESSAGES = {
  unknown: 'Language must be one of en, hi, ta or te.',
} as const;

/** The `lang` query parameter of the catalog's answers: absent means English. */
export const ShopLanguageParam = z
  .enum(SHOP_LANGUAGES, { message: LANGUAGE_MESSAGES.unknown })
  .optional()
  .transform((value): ShopLanguage => value ?? DEFAULT_SHOP_LANGUAGE);

export const isProductLanguage = (value: unknown): value is ProductLanguage =>
  typeof value === 'string' && (PRODUCT_LANGUAGES as readonly string[]).includes(value);

/** A shop language from anything (a URL prefix, a cookie): English when it is not one. */
export function shopLanguageOf(value: unknown): ShopLanguage {
  return typeof value === 'string' && (SHOP_LANGUAGES as readonly string[]).includes(value)
    ? (value as ShopLanguage)
    : DEFAULT_SHOP_LANGUAGE;
}

/** The text of a product in a language: each field the translation has, English where it has none. */
export type LocalisedText = { title: string; bulletPoints: string[]; description: string };

export function localisedText(
  english: LocalisedText,
  translation: Partial<LocalisedText> | null | undefined,
): LocalisedText {
  const title = translation?.title?.trim();
  const bullets = (translation?.bulletPoints ?? []).filter((b) => b.trim() !== '');
  const description = translation?.description?.trim();
  return {
    title: title || english.title,
    bulletPoints: bullets.length > 0 ? bullets : english.bulletPoints,
    description: description || english.description,
  };
}

/** Limits of a translation as a seller types it (the English form's limits, in characters). */
export const TRANSLATION_LIMITS = { titleMax: 200, bulletMax: 500, bulletsMax: 10, descriptionMax: 5000 };

export const TRANSLATION_MESSAGES = {
  titleRequired: 'Enter the title in this language.',
  titleTooLong: `Title must be at most ${TRANSLATION_LIMITS.titleMax} characters.`,
  bulletTooLong: `Each bullet point must be at most ${TRANSLATION_LIMITS.bulletMax} characters.`,
  tooManyBullets: `Add at most ${TRANSLATION_LIMITS.bulletsMax} bullet points.`,
  descriptionTooLong: `Description must be at most ${TRANSLATION_LIMITS.descriptionMax} characters.`,
  noControl: 'Remove the control characters from the text.',
  wrongScript: 'Write this text in the language’s own script (English words and numbers may stay).',
  submitted: 'Your translation was sent for review. Shoppers see it once it is approved.',
  unchanged: 'Nothing changed.',
  notFound: 'No such listing.',
  notCreator: 'Only the seller who added this product may write its text.',
} as const;

// tabs and line ends are kept in a description; any other control character (NUL) is refused
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Scripts of the product languages (a translation has at least one letter of its own script). */
export const LANGUAGE_SCRIPTS: Record<ProductLanguage, RegExp> = {
  hi: /\p{Script=Devanagari}/u,
  ta: /\p{Script=Tamil}/u,
  te: /\p{Script=Telugu}/u,
};

/** Text stored in one Unicode form, so the same words are the same bytes (NFC). */
export const normaliseText = (text: string) => text.normalize('NFC').trim();

export const TranslationInput = z
  .object({
    language: z.enum(PRODUCT_LANGUAGES, { message: LANGUAGE_MESSAGES.unknown }),
    title: z
      .string({ message: TRANSLATION_MESSAGES.titleRequired })
      .transform(normaliseText)
      .pipe(
        z
          .string()
          .min(1, TRANSLATION_MESSAGES.titleRequired)
          .max(TRANSLATION_LIMITS.titleMax, TRANSLATION_MESSAGES.titleTooLong)
          .refine((t) => !CONTROL.test(t), TRANSLATION_MESSAGES.noControl),
      ),
    bulletPoints: z
      .array(
        z
          .string()
          .transform(normaliseText)
          .pipe(
            z
              .string()
              .max(TRANSLATION_LIMITS.bulletMax, TRANSLATION_MESSAGES.bulletTooLong)
              .refine((t) => !CONTROL.test(t), TRANSLATION_MESSAGES.noControl),
          ),
      )
      .max(TRANSLATION_LIMITS.bulletsMax, TRANSLATION_MESSAGES.tooManyBullets)
      .default([])
      .transform((bullets) => bullets.filter((b) => b !== '')),
    description: z
      .string()
      .default('')
      .transform(normaliseText)
      .pipe(
        z
          .string()
          .max(TRANSLATION_LIMITS.descriptionMax, TRANSLATION_MESSAGES.descriptionTooLong)
          .refine((t) => !CONTROL.test(t), TRANSLATION_MESSAGES.noControl),
      ),
  })
  .superRefine((input, ctx) => {
    if (!LANGUAGE_SCRIPTS[input.language].test(input.title))
      ctx.addIssue({ code: 'custom', path: ['title'], message: TRANSLATION_MESSAGES.wrongScript });
  });
export type TranslationInput = z.infer<typeof TranslationInput>;

export const TranslationStatus = z.enum(['approved', 'pending', 'rejected', 'none']);

/** A product's text in one language as its seller sees it: the live text and the one in review. */
export const SellerTranslation = z.object({
  language: z.enum(PRODUCT_LANGUAGES),
  live: z
    .object({ title: z.string(), bulletPoints: z.array(z.string()), description: z.string() })
    .nullable(),
  pending: z
    .object({ title: z.string(), bulletPoints: z.array(z.string()), description: z.string() })
    .nullable(),
  rejectionReason: z.string().nullable(),
});
export type SellerTranslation = z.infer<typeof SellerTranslation>;
export const SellerTranslations = z.object({
  productId: z.number().int(),
  productName: z.string(),
  canEdit: z.boolean(),
  translations: z.array(SellerTranslation),
});
export type SellerTranslations = z.infer<typeof SellerTranslations>;
