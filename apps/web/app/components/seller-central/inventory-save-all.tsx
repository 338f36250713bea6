import {
  BULK_SAVE_MESSAGES,
  bulkSummary,
  isEdited,
  readBulkForm,
  rowFieldName,
} from '@marketplace/domain/sellers/inventory-bulk';
import { type FormEvent, type RefObject, useCallback, useEffect, useState } from 'react';
import { useBlocker, useSubmit } from 'react-router';
import { Alert } from '../ui/alert.tsx';
import type { SaveAnswer } from './inventory-row.tsx';

/** The rows of the table's form whose values differ from what the page showed. */
function editedRows(form: HTMLFormElement) {
  return readBulkForm(new FormData(form).entries()).rows.filter(isEdited);
}

/**
 * With scripts: counts the edited rows as the seller types (marking each edited input), sends only
 * those on Save all, and warns before leaving the page (or its filters) with edits unsaved.
 */
export function useSaveAll(formRef: RefObject<HTMLFormElement | null>, refreshKey: unknown) {
  const submit = useSubmit();
  // null until the page's scripts run: the count is theirs
  const [edited, setEdited] = useState<number | null>(null);
  const recount = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    for (const input of form.querySelectorAll<HTMLInputElement>('input[data-shown]')) {
      input.classList.toggle('is-edited', input.value.trim() !== input.dataset.shown);
    }
    setEdited(editedRows(form).length);
  }, [formRef]);
  // new rows from the server (a save, a revalidation): count again
  useEffect(recount, [recount, refreshKey]);

  useEffect(() => {
    if (!edited) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = BULK_SAVE_MESSAGES.leave;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [edited]);
  // a link, Back or the filters would drop the edits: the page asks first (a save is not leaving)
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      Boolean(edited) &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(BULK_SAVE_MESSAGES.leave)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = new FormData();
    body.set('intent', 'save-all');
    const all = new FormData(event.currentTarget);
    for (const row of editedRows(event.currentTarget)) {
      for (const field of ['price', 'mrp', 'stock', 'version', 'shown'] as const) {
        const name = rowFieldName(field, row.offerId);
        const value = all.get(name);
        body.set(name, typeof value === 'string' ? value : '');
      }
    }
    void submit(body, { method: 'post' });
  };
  return { edited, recount, onSubmit };
}

/** The bar above the table: Save all, how many rows are edited, and the last save's summary. */
export function SaveAllBar({
  edited,
  busy,
  answer,
  notShown,
}: {
  edited: number | null;
  busy: boolean;
  answer: SaveAnswer | undefined;
  /** refused rows that are not on this page (a hand-made form), each with its message */
  notShown: string[];
}) {
  const refused = answer ? Object.keys(answer.refused).length : 0;
  return (
    <div className="sc-inv-saveall">
      <div className="sc-inv-saveall-bar">
        <button
          type="submit"
          name="intent"
          value="save-all"
          className="btn btn-small"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? 'Saving…' : 'Save all'}
        </button>
        <span className="sc-inv-saveall-count" role="status">
          {edited === null
            ? 'Edit any rows, then save them together.'
            : edited === 0
              ? 'No unsaved changes.'
              : `${edited} ${edited === 1 ? 'row' : 'rows'} changed, not saved yet.`}
        </span>
      </div>
      {answer?.message && <Alert tone="error">{answer.message}</Alert>}
      {answer?.all && !answer.message && (
        <Alert tone={refused > 0 ? 'warning' : 'success'} title={bulkSummary(answer.saved.length, refused)}>
          {refused > 0 && (
            <p>The rows that need attention keep what you typed: correct them and save again.</p>
          )}
          {notShown.length > 0 && (
            <ul>
              {notShown.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
    </div>
  );
}
