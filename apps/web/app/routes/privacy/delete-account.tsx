import {
  DELETE_CONFIRMATION_WORD,
  DeletionDone,
  DeletionPreview,
  PRIVACY_MESSAGES as M,
  type DeletionBlocker,
} from '@marketplace/domain/privacy/rights';
import { DEFAULT_LANGUAGE, localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';
import { data, Form, redirect, useActionData, useLoaderData } from 'react-router';
import { useLanguage, useRichT, useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import { AccountPage } from '../../components/account/account-page.tsx';
import { errorNotice, Notice } from '../../components/account/notice.tsx';
import { useProfileText } from '../../components/account/profile-texts.ts';
import { actionApi, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import './privacy.css';

/** Where a deleted account lands: the home page, signed out, with the confirmation. */
export const AFTER_DELETION_PATH = '/?accountDeleted=1';

export async function loader({ request, url, context }: LoaderArgs) {
  const preview = await loadFromApi(context, request, '/api/privacy/deletion', DeletionPreview);
  if (!preview) return redirect(localizedPath(splitLanguage(url.pathname).language, loginPathFor(request)));
  return { preview };
}

/** requirements#account-deletion: the typed word confirms; the API refuses while orders are open. */
export async function action({ request, url, context }: ActionArgs) {
  const local = (path: string) => localizedPath(splitLanguage(url.pathname).language, path);
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
  if (result.ok) return redirect(local(AFTER_DELETION_PATH), { headers: api.headers });
  if (result.kind === 'unreachable') return refused(503, M.failed);
  if (result.status === 401) return redirect(local(loginPathFor(request)));
  return refused(result.status, result.message || M.failed);
}

const BLOCKER_KEYS = {
  order: 'profile.deletion.blocker.order',
  request: 'profile.deletion.blocker.request',
  refund: 'profile.deletion.blocker.refund',
} as const;

/** /privacy/delete: what stops the deletion, what the law keeps, then the confirmation. */
export default function DeleteAccountPage() {
  const { preview } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const t = useT();
  const rich = useRichT();
  const say = useProfileText();
  const english = useLanguage() === DEFAULT_LANGUAGE;
  // in English the server's own sentence; in another language the same fact from its kind
  const blockerText = (blocker: DeletionBlocker) =>
    english
      ? blocker.text
      : rich(BLOCKER_KEYS[blocker.kind], {
          reference: <span translate="no">{blocker.reference}</span>,
        });
  return (
    <AccountPage title={t('profile.privacy.deleteTitle')} narrow>
      <Notice notice={answer?.notice ?? null} />
      <section className="privacy-block" aria-labelledby="what-title">
        <h2 id="what-title">{t('profile.deletion.whatHappens')}</h2>
        <p>{t('profile.privacy.deleteText')}</p>
      </section>
      <section className="privacy-block" aria-labelledby="kept-title">
        <h2 id="kept-title">{t('profile.deletion.kept')}</h2>
        <ul className="privacy-list">
          {preview.retained.map((kept) => (
            <li key={kept.what}>
              {rich('profile.deletion.keptItem', {
                what: say(kept.what),
                count: kept.count,
                reason: say(kept.reason),
                b: (chunks) => <strong>{chunks}</strong>,
              })}
            </li>
          ))}
        </ul>
      </section>
      {preview.refusal ? (
        <section className="privacy-block" role="alert">
          <p className="privacy-error">{say(preview.refusal)}</p>
        </section>
      ) : preview.blockers.length > 0 ? (
        <section className="privacy-block" role="alert" aria-labelledby="blocked-title">
          <h2 id="blocked-title">{t('profile.deletion.blocked')}</h2>
          <ul className="privacy-list">
            {preview.blockers.map((blocker) => (
              <li key={`${blocker.kind}:${blocker.reference}`}>{blockerText(blocker)}</li>
            ))}
          </ul>
          <p>
            <Link to="/myorder">{t('profile.deletion.goToOrders')}</Link>
          </p>
        </section>
      ) : (
        <Form method="post" className="privacy-block">
          <label className="privacy-field">
            <span>
              {rich('profile.deletion.confirmLabel', {
                word: <span translate="no">{DELETE_CONFIRMATION_WORD}</span>,
              })}
            </span>
            <input name="confirm" autoComplete="off" maxLength={20} required />
          </label>
          <button type="submit" className="btn-secondary privacy-danger">
            {t('profile.privacy.deleteButton')}
          </button>{' '}
          <Link to="/privacy">{t('profile.cancel')}</Link>
        </Form>
      )}
    </AccountPage>
  );
}
