import {
  AFTER_SALES_LIMITS,
  type AfterSalesForm,
  type AfterSalesKind,
  AfterSalesRequestInput,
  sharedPickupDates,
} from '@marketplace/domain/orders/returns';
import { isRecordId } from '@marketplace/domain/validation/record-id';

// The return and replacement form's fields (requirements#return-form), shared by the page that renders them and
// the action that reads them: `item` per product ticked (its id), `quantity-{id}` and `reason-{id}`
// per product, and, shared by all of them, `pickupDate`, `additionalInfo`, the uploads' keys
// (`image`, `video`: sent first by the page's scripts, or kept from an earlier post) and, without
// scripts, the `photos` files themselves.

export type Item = AfterSalesForm['items'][number];
/** What the shopper chose for one ticked product: its own quantity and reasons. */
export type Choice = { quantity: number; reasonIds: number[] };
export const NO_CHOICE: Choice = { quantity: 1, reasonIds: [] };
export type Media = { key: string; url: string };

/** What the form holds, as the page shows it again after a post. */
export type RequestValues = {
  selected: number[];
  choices: Record<number, Choice>;
  pickupDate: string;
  additionalInfo: string;
  images: Media[];
  video: Media | null;
};
/** The spec's messages of a refused post: the form's own, and each product's. */
export type RequestErrors = {
  form: Partial<Record<'items' | 'images' | 'video' | 'pickupDate' | 'additionalInfo', string>>;
  items: Record<number, { quantity?: string; reasonIds?: string }>;
};
export const NO_ERRORS: RequestErrors = { form: {}, items: {} };

export const quantityField = (itemId: number) => `quantity-${itemId}`;
export const reasonField = (itemId: number) => `reason-${itemId}`;
export const PHOTOS_FIELD = 'photos';

export const isSelectable = (item: Item) => item.eligibility.isEligible && !item.openRequest;

/** The pickup days every ticked product's window offers (requirements#pickup-window). */
export const pickupDaysOf = (items: readonly Item[]) =>
  sharedPickupDates(items.map((item) => (item.eligibility.isEligible ? item.eligibility.pickupDates : [])));

/** Where a post's messages go: a field of the form, or a field of one product (by its place in the post). */
export function requestErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  order: readonly number[],
): RequestErrors {
  const errors: RequestErrors = { form: {}, items: {} };
  for (const issue of issues) {
    const [first, index, field] = issue.path;
    if (first === 'items' && typeof index === 'number' && (field === 'quantity' || field === 'reasonIds')) {
      const id = order[index];
      if (id === undefined) continue;
      const item = (errors.items[id] ??= {});
      item[field] ??= issue.message;
    } else if (first === 'items' && issue.path.length > 1 && field === 'additionalInfo') {
      errors.form.additionalInfo ??= issue.message;
    } else if (
      first === 'items' ||
      first === 'images' ||
      first === 'video' ||
      first === 'pickupDate' ||
      first === 'additionalInfo'
    ) {
      errors.form[first] ??= issue.message;
    }
  }
  return errors;
}

/** The request of the values, for the schema (placeholder keys stand for photos not sent yet). */
export function draftOf(kind: AfterSalesKind, values: RequestValues, photoCount = values.images.length) {
  return {
    kind,
    items: values.selected.map((id) => ({
      orderItemId: id,
      quantity: (values.choices[id] ?? NO_CHOICE).quantity,
      reasonIds: (values.choices[id] ?? NO_CHOICE).reasonIds,
      additionalInfo: values.additionalInfo,
    })),
    images: Array.from(
      { length: photoCount },
      (_, index) => values.images[index]?.key ?? index.toString(16).padStart(32, '0'),
    ),
    video: values.video?.key ?? null,
    pickupDate: values.pickupDate,
  };
}

/** The spec's messages for what the values miss, before any file is sent; null when complete. */
export function checkRequest(kind: AfterSalesKind, values: RequestValues, photoCount?: number) {
  const checked = AfterSalesRequestInput.safeParse(draftOf(kind, values, photoCount));
  return checked.success ? null : requestErrors(checked.error.issues, values.selected);
}

const KEY = /^[0-9a-f]{32}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const strings = (form: FormData, name: string) =>
  form.getAll(name).filter((value): value is string => typeof value === 'string');
const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * The values a posted form holds, for the products of the form (an id it does not show is
 * ignored; a replacement takes the first). Malformed values read as missing, so the schema
 * answers them with the spec's messages; nothing posted is trusted beyond its shape.
 */
export function readRequestValues(
  form: FormData,
  kind: AfterSalesKind,
  items: readonly Item[],
): RequestValues {
  const known = new Set(items.map((item) => item.id));
  const ticked = [
    ...new Set(
      strings(form, 'item')
        .filter((value) => isRecordId(value))
        .map(Number),
    ),
  ].filter((id) => known.has(id));
  const selected = kind === 'replace' ? ticked.slice(0, 1) : ticked;
  const choices: Record<number, Choice> = {};
  for (const id of selected) {
    const quantity = form.get(quantityField(id));
    choices[id] = {
      // the select starts at 1 (NO_CHOICE); a value that is not a count is refused by the schema
      quantity:
        quantity === null
          ? NO_CHOICE.quantity
          : typeof quantity === 'string' && isRecordId(quantity)
            ? Number(quantity)
            : 0,
      reasonIds: [
        ...new Set(
          strings(form, reasonField(id))
            .filter((value) => isRecordId(value))
            .map(Number),
        ),
      ].slice(0, AFTER_SALES_LIMITS.reasons),
    };
  }
  const keys = [...new Set(strings(form, 'image').filter((value) => KEY.test(value)))];
  const video = text(form, 'video');
  const pickupDate = text(form, 'pickupDate');
  return {
    selected,
    choices,
    pickupDate: DAY.test(pickupDate) ? pickupDate : '',
    additionalInfo: text(form, 'additionalInfo').slice(0, AFTER_SALES_LIMITS.infoLength + 1),
    images: keys.slice(0, AFTER_SALES_LIMITS.images + 1).map((key) => ({ key, url: `/api/uploads/${key}` })),
    video: KEY.test(video) ? { key: video, url: `/api/uploads/${video}` } : null,
  };
}
