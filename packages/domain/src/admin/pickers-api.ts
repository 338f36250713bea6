// requirements#console-pickers: the console's pickers search what a form asks for by name, and show
// names, never ids; one contract for the server's route, the kit's picker and the forms' actions.
import { z } from 'zod';
import { MAX_RECORD_ID } from '../validation/record-id.ts';

export const PICKER_KINDS = ['products', 'sellers', 'categories', 'brands'] as const;
export type PickerKind = (typeof PICKER_KINDS)[number];

/** The address a picker of `kind` searches. */
export const pickerSource = (kind: PickerKind) => `/api/admin/pickers/${kind}`;

/** What each picker calls one of its choices, in its messages. */
export const PICKER_NOUNS: Record<PickerKind, string> = {
  products: 'product',
  sellers: 'seller',
  categories: 'category',
  brands: 'brand',
};

export const PICKER_LIMITS = { queryMax: 100, choices: 10 } as const;

export const PICKER_MESSAGES = {
  query: 'Search with at most 100 characters, without control characters.',
  none: (noun: string, text: string) =>
    `No ${noun} matches “${text}”. Type part of its name and choose from the list.`,
  several: (noun: string, text: string) =>
    `More than one ${noun} matches “${text}”. Choose one from the list, or type its id.`,
  tooLong: (noun: string) => `Type at most 100 characters of the ${noun}’s name, or its id.`,
} as const;

// a NUL byte can never be stored or searched, nor any control character typed
const NO_CONTROL = /^\P{Cc}*$/u;

/** `GET /api/admin/pickers/{kind}?q=`: part of a name (any of a category's path), or an id. */
export const PickerQuery = z.object({
  q: z
    .string()
    .max(PICKER_LIMITS.queryMax, PICKER_MESSAGES.query)
    .regex(NO_CONTROL, PICKER_MESSAGES.query)
    .default('')
    .transform((q) => q.trim()),
});
export type PickerQuery = z.infer<typeof PickerQuery>;

export const PickerKindParams = z.object({ kind: z.enum(PICKER_KINDS) });

export const PickerChoice = z.object({
  id: z.number().int(),
  /** the name staff read: a category's path of names ('Electronics › Mobiles › Smartphones') */
  label: z.string(),
  /** a second line: a product's brand and category, a seller's legal name and status */
  detail: z.string().nullable(),
  /** a product's main image, shown beside its name */
  image: z.string().nullable().optional(),
  /** the shop's page of a product, brand or category, for the link picker */
  path: z.string().optional(),
});
export type PickerChoice = z.infer<typeof PickerChoice>;

export const PickerChoices = z.object({ choices: z.array(PickerChoice) }).meta({ id: 'PickerChoices' });
export type PickerChoices = z.infer<typeof PickerChoices>;

/** An id typed in a picker's text field (digits only, within a record id's range), else null. */
export function typedId(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const id = Number(trimmed);
  return id >= 1 && id <= MAX_RECORD_ID ? id : null;
}

export type PickResult = { ok: true; id: number; label: string } | { ok: false; message: string };

/**
 * What a picker's text means when no choice was made (a form posted before its scripts ran): the
 * choice whose id it is, or the one choice whose name it is (case and spaces aside); several of
 * the same name, or none, say so beside the field.
 */
export function pickFromText(kind: PickerKind, text: string, choices: readonly PickerChoice[]): PickResult {
  const noun = PICKER_NOUNS[kind];
  const wanted = text.trim().replace(/\s+/g, ' ').toLowerCase();
  const id = typedId(text);
  const byId = id === null ? undefined : choices.find((choice) => choice.id === id);
  if (byId) return { ok: true, id: byId.id, label: byId.label };
  const named = choices.filter((choice) => choice.label.replace(/\s+/g, ' ').toLowerCase() === wanted);
  const [only] = named;
  if (only && named.length === 1) return { ok: true, id: only.id, label: only.label };
  if (named.length > 1) return { ok: false, message: PICKER_MESSAGES.several(noun, text.trim()) };
  // one choice only for what was typed, by part of its name, is what was meant
  const [single] = choices;
  if (single && choices.length === 1 && wanted.length >= 3)
    return { ok: true, id: single.id, label: single.label };
  return { ok: false, message: PICKER_MESSAGES.none(noun, text.trim()) };
}
