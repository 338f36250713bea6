// requirements#console-pickers: a picker's field as a form's action reads it. The id of a choice
// made with scripts is taken as it is (the API checks it exists); text typed without a choice (a
// form posted before its scripts) is searched, and must name one record by its name or id.
import {
  PICKER_LIMITS,
  PICKER_MESSAGES,
  PICKER_NOUNS,
  PickerChoices,
  pickerSource,
  pickFromText,
  type PickerKind,
  typedId,
} from '@marketplace/domain/admin/pickers-api';
import type { AppLoadContext } from 'react-router';
import type { Picked } from '../components/ui/picker.tsx';
import { requestApi } from './account-api.ts';

export type PickerField = { name: string; kind: PickerKind };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * Each picker's id (blank when nothing was chosen or typed) and what it showed, with a message
 * beside each field whose typed text names no record, or several.
 */
export async function readPickers(
  context: AppLoadContext,
  form: FormData,
  pickers: readonly PickerField[],
): Promise<{ ids: Record<string, string>; shown: Record<string, Picked>; fields: Record<string, string> }> {
  const ids: Record<string, string> = {};
  const shown: Record<string, Picked> = {};
  const fields: Record<string, string> = {};
  for (const { name, kind } of pickers) {
    const typed = text(form, `${name}Text`).trim();
    const id = text(form, name);
    // the name the id was chosen as is still the text in the field: the choice stands
    if (typedId(id) !== null && text(form, `${name}Label`) === typed && typed !== '') {
      ids[name] = id;
      shown[name] = { id, label: typed };
      continue;
    }
    shown[name] = { id: '', label: typed.slice(0, 200) };
    ids[name] = '';
    if (typed === '') continue;
    if (typed.length > PICKER_LIMITS.queryMax || /\p{Cc}/u.test(typed)) {
      fields[name] = PICKER_MESSAGES.tooLong(PICKER_NOUNS[kind]);
      continue;
    }
    const found = await requestApi(
      context.api,
      'GET',
      `${pickerSource(kind)}?q=${encodeURIComponent(typed)}`,
      PickerChoices,
      pickerSource,
    );
    const picked = pickFromText(kind, typed, found.ok ? found.data.choices : []);
    if (picked.ok) {
      ids[name] = String(picked.id);
      shown[name] = { id: String(picked.id), label: picked.label };
    } else fields[name] = picked.message;
  }
  return { ids, shown, fields };
}
