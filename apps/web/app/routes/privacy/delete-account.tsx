import {
  DELETE_CONFIRMATION_WORD,
  DeletionDone,
  DeletionPreview,
  PRIVACY_MESSAGES as M,
} from '@marketplace/domain/privacy/rights';
import { data, Form, Link, redirect, useActionData, useLoaderData } from 'react-router';
import { AccountPage } from '../../components/account/account-page.tsx';
import { errorNotice, Notice } from '../../components/account/notice.tsx';
import { actionApi, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import './privacy.css';

/** Where a deleted account lands: the home page, signed out, with the confirmation. */
export const AFTER_DELETION_PATH = '/?accountDeleted=1';

export async function loader({ request, context }: LoaderArgs) {
  const preview = await loadFromApi(context, request, '/api/privacy/deletion', DeletionPreview);
  if (!preview) return redirect(loginPathFor(request));
  return { preview };
}

/** requirements#account-deletion: the typed word confirms; the API refuses while orders are open. */
export async function action({ request, context }: ActionArgs) {
  const refused = (status: number, text: string) => data({ notice: errorNotice(text) }, { status });
  const form = await readForm(request);
  if (!form) return refused(400, M.deleteConfirmInvalid);
  const typed = form.getAll('confirm');
  if (typed.length !== 1 || typed[0] !== DELETE_CONFIRMATION_WORD)
    return refused(400, M.deleteConfirmInvalid);
  const api = actionApi(context);
  const result = await api.call('POST', '/api/privacy/deletion', DeletionDone, {
    confirm: DELETE_CONFIRMATION_WORD,
  });
  if (result.ok) return redirect(AFTER_DELETION_PATH, { headers: api.headers });
  if (result.kind === 'unreachable') return refused(503, M.failed);
  if (result.status === 401) return redirect(loginPathFor(request));
  return refused(result.status, result.message || M.failed);
}

/** /privacy/delete: what stops the deletion, what the law keeps, then the confirmation. */
export default function DeleteAccountPage() {
  const { preview } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <AccountPage title={M.deleteTitle} narrow>
      <Notice notice={answer?.notice ?? null} />
      <section className="privacy-block" aria-labelledby="what-title">
        <h2 id="what-title">What happens</h2>
        <p>{M.deleteText}</p>
      </section>
      <section className="privacy-block" aria-labelledby="kept-title">
        <h2 id="kept-title">{M.kept}</h2>
        <ul className="privacy-list">
          {preview.retained.map((kept) => (
            <li key={kept.what}>
              <strong>
                {kept.what} ({kept.count})
              </strong>
              : {kept.reason}
            </li>
          ))}
        </ul>
      </section>
      {preview.refusal ? (
        <section className="privacy-block" role="alert">
          <p className="privacy-error">{preview.refusal}</p>
        </section>
      ) : preview.blockers.length > 0 ? (
        <section className="privacy-block" role="alert" aria-labelledby="blocked-title">
          <h2 id="blocked-title">{M.deleteBlocked}</h2>
          <ul className="privacy-list">
            {preview.blockers.map((blocker) => (
              <li key={`${blocker.kind}:${blocker.reference}`}>{blocker.text}</li>
            ))}
          </ul>
          <p>
            <Link to="/myorder">Go to Your Orders</Link>
          </p>
        </section>
      ) : (
        <Form method="post" className="privacy-block">
          <label className="privacy-field">
            <span>{M.deleteConfirmLabel}</span>
            <input name="confirm" autoComplete="off" maxLength={20} required />
          </label>
          <button type="submit" className="btn-secondary privacy-danger">
            Delete my account
          </button>{' '}
          <Link to="/privacy">Cancel</Link>
        </Form>
      )}
    </AccountPage>
  );
}
