import {
  CANCEL_LIMITS,
  CANCEL_MESSAGES,
  type CancelFormItem,
  type CancelRequestInput,
} from '@marketplace/domain/orders/cancel';
import { isRecordId } from '@marketplace/domain/validation/record-id';

// The cancel form's fields (requirements#cancel-form), shared by the page that renders them and the action
// that reads them: a tick box `item` per product (its id as the value), `quantity-{id}` and
// `reason-{id}` per product, `additionalInfo` once.

/** What the shopper chose on one row. */
export type CancelChoice = { isTicked: boolean; quantity: number | null; reasonIds: number[] };
/** The whole selection, kept across the code step (and posted back with the code). */
export type CancelSelection = { choices: Record<number, CancelChoice>; additionalInfo: string };
export type RowErrors = Record<number, { quantity?: string; reasons?: string }>;

export const quantityField = (itemId: number) => `quantity-${itemId}`;
export const reasonField = (itemId: number) => `reason-${itemId}`;

const asId = (value: unknown) =>
  typeof value === 'string' && isRecordId(value) && Number(value) <= CANCEL_LIMITS.maxId
    ? Number(value)
    : null;
const texts = (form: FormData, name: string) =>
  form.getAll(name).filter((value): value is string => typeof value === 'string');

/**
 * The selection a posted form holds, for the rows of the form (an id the form does not show is
 * ignored), and the spec's messages for what is missing: no product ticked, a ticked product
 * without its quantity or reasons.
 */
export function readCancelSelection(
  form: FormData,
  items: readonly CancelFormItem[],
): {
  selection: CancelSelection;
  rowErrors: RowErrors;
  alert: string | null;
  lines: CancelRequestInput['items'];
} {
  const ticked = new Set(texts(form, 'item').map(asId));
  const choices: Record<number, CancelChoice> = {};
  const rowErrors: RowErrors = {};
  const lines: CancelRequestInput['items'] = [];
  for (const { id, openQuantity, isCancellable } of items) {
    // one unit open: the form shows no quantity select (requirements#cancel-form)
    const quantity = openQuantity === 1 ? 1 : asId(form.get(quantityField(id)));
    const reasonIds = [...new Set(texts(form, reasonField(id)).map(asId))].flatMap((r) =>
      r === null ? [] : [r],
    );
    const choice = { isTicked: isCancellable && ticked.has(id), quantity, reasonIds };
    choices[id] = choice;
    if (!choice.isTicked) continue;
    if (quantity === null) rowErrors[id] = { quantity: CANCEL_MESSAGES.selectQuantity };
    // reasons are optional (requirements#cancel-form)
    if (quantity !== null) lines.push({ itemId: id, quantity, reasonIds });
  }
  const info = form.get('additionalInfo');
  const additionalInfo = typeof info === 'string' ? info.slice(0, CANCEL_LIMITS.additionalInfo * 2) : '';
  const alert = Object.values(choices).some((choice) => choice.isTicked)
    ? null
    : CANCEL_MESSAGES.selectProduct;
  return { selection: { choices, additionalInfo }, rowErrors, alert, lines };
}

/** The rows as the page first shows them: the item whose Cancel link was followed starts ticked. */
export function firstSelection(items: readonly CancelFormItem[], itemId: number | null): CancelSelection {
  return {
    choices: Object.fromEntries(
      items.map((item) => [
        item.id,
        {
          isTicked: item.isCancellable && item.id === itemId,
          quantity: item.openQuantity === 1 ? 1 : null,
          reasonIds: [],
        },
      ]),
    ),
    additionalInfo: '',
  };
}

/**
 * The selection as hidden fields of the code form: posted back with the code (and with Change
 * selection), so the rows still show it on the page the action answers, with scripts or without.
 */
export function selectionFields(selection: CancelSelection): [string, string][] {
  const fields: [string, string][] = [];
  for (const [id, choice] of Object.entries(selection.choices)) {
    if (!choice.isTicked) continue;
    fields.push(['item', id]);
    if (choice.quantity !== null) fields.push([quantityField(Number(id)), String(choice.quantity)]);
    for (const reason of choice.reasonIds) fields.push([reasonField(Number(id)), String(reason)]);
  }
  if (selection.additionalInfo) fields.push(['additionalInfo', selection.additionalInfo]);
  return fields;
}
