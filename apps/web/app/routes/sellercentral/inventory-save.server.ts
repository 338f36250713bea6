// requirements#seller-bulk-inventory: the inventory page's saves. The table is one form: "Save all"
// posts every row (without scripts) or the edited ones (with them), a row's Save posts its own row;
// either way the rows go to the API in one request, each with the version the page showed.
import {
  BULK_SAVE_MESSAGES,
  BulkSaveResult,
  type FormRow,
  formFieldsOfRow,
  formRowToApi,
  isEdited,
  readBulkForm,
  refusalMessage,
} from '@marketplace/domain/sellers/inventory-bulk';
import { data, redirect } from 'react-router';
import type { RowRefusal, SaveAnswer } from '../../components/seller-central/inventory-row.tsx';
import { actionApi, loginPathFor } from '../../lib/page-api.server.ts';
import type { ActionArgs } from '../../lib/services.ts';

const answer = (all: boolean, status: number, parts: Partial<SaveAnswer> = {}) =>
  data<SaveAnswer>({ kind: 'save', all, saved: [], refused: {}, message: null, ...parts }, { status });

/** The table's form posted by Save all or a row's Save. */
export async function saveRows({ request, context }: ActionArgs, form: FormData) {
  const one = form.get('saveRow');
  const all = typeof one !== 'string';
  const read = readBulkForm(form.entries());
  if (read.tooMany) return answer(all, 413, { message: BULK_SAVE_MESSAGES.tooMany });
  const chosen: FormRow[] = all
    ? read.rows.filter(isEdited)
    : read.rows.filter((row) => String(row.offerId) === one);
  if (chosen.length === 0) return answer(all, 400, { message: BULK_SAVE_MESSAGES.empty });

  const refused: Record<string, RowRefusal> = {};
  const sending = [];
  for (const row of chosen) {
    const checked = formRowToApi(row);
    if (checked.ok) sending.push(checked.row);
    else {
      refused[row.offerId] = {
        message: Object.values(checked.fields)[0] ?? BULK_SAVE_MESSAGES.empty,
        fields: checked.fields,
        values: row.typed,
      };
    }
  }
  const saved: number[] = [];
  const api = actionApi(context);
  if (sending.length > 0) {
    const result = await api.call('PATCH', '/api/seller/offers', BulkSaveResult, { rows: sending });
    if (!result.ok) {
      if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
      const status = result.kind === 'refused' ? result.status : 503;
      const message = result.kind === 'refused' ? result.message : 'Not saved: please try again.';
      return answer(all, status, { message, refused: keepTyped(chosen, refused, message) });
    }
    saved.push(...result.data.saved.map((row) => row.offerId));
    const typed = new Map(chosen.map((row) => [row.offerId, row.typed]));
    for (const row of result.data.refused) {
      refused[row.offerId] = {
        message: refusalMessage(row),
        fields: formFieldsOfRow(row.fields),
        values: typed.get(row.offerId) ?? { price: '', mrp: '', stock: '' },
      };
    }
  }
  const status = saved.length === 0 ? 400 : 200;
  return data<SaveAnswer>(
    { kind: 'save', all, saved, refused, message: null },
    { status, headers: api.headers },
  );
}

/** Every chosen row refused by one message (the API refused the save as a whole): the typed values stay. */
function keepTyped(rows: FormRow[], refused: Record<string, RowRefusal>, message: string) {
  const out = { ...refused };
  for (const row of rows) out[row.offerId] ??= { message, fields: {}, values: row.typed };
  return out;
}
