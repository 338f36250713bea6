import { CONSENT_PURPOSES, NOTICE_VERSION, PRIVACY_NOTICE } from '@marketplace/domain/privacy/notice';
import { ConsentSaved, PRIVACY_MESSAGES as M, PrivacyOverview } from '@marketplace/domain/privacy/rights';
import { data, Form, Link, redirect, useActionData, useLoaderData } from 'react-router';
import { AccountPage } from '../../components/account/account-page.tsx';
import { errorNotice, Notice, successNotice } from '../../components/account/notice.tsx';
import { actionApi, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import './privacy.css';

export async function loader({ request, context }: LoaderArgs) {
  const overview = await loadFromApi(context, request, '/api/privacy', PrivacyOverview);
  if (!overview) return redirect(loginPathFor(request));
  return { overview };
}

/**
 * One button per consent: giving and withdrawing take the same single click (DPDP Act s. 6(4)).
 * A form naming anything else is refused, never guessed.
 */
export async function action({ request, context }: ActionArgs) {
  const refused = (status: number, text: string = M.consentInvalid) =>
    data({ notice: errorNotice(text), consents: null }, { status });
  const form = await readForm(request);
  if (!form) return refused(400);
  const purposes = form.getAll('purpose');
  const choices = form.getAll('choice');
  if (purposes.length !== 1 || choices.length !== 1) return refused(400);
  const [purpose] = purposes;
  const [choice] = choices;
  if (!CONSENT_PURPOSES.some((known) => known === purpose) || (choice !== 'give' && choice !== 'withdraw'))
    return refused(400);
  const result = await actionApi(context).call('PUT', '/api/privacy/consents', ConsentSaved, {
    purpose,
    isGranted: choice === 'give',
  });
  if (result.ok) return data({ notice: successNotice(result.data.message), consents: result.data.consents });
  if (result.kind === 'unreachable') return refused(503, M.failed);
  if (result.status === 401) return redirect(loginPathFor(request));
  return refused(result.status, result.message || M.failed);
}

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });

/** /privacy: consents, the data file, corrections and deletion (requirements#privacy-page). */
export default function PrivacyPage() {
  const { overview } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const consents = answer?.consents ?? overview.consents;
  const notice = PRIVACY_NOTICE.en;
  return (
    <AccountPage title={M.title} narrow>
      <Notice notice={answer?.notice ?? null} />
      <section className="privacy-block" aria-labelledby="consents-title">
        <h2 id="consents-title">{notice.consentsTitle}</h2>
        <p className="privacy-hint">
          Orders and delivery need your details and no consent. Read the{' '}
          <Link to="/privacynotice">privacy notice</Link> (version {NOTICE_VERSION}).
        </p>
        <ul className="privacy-consents">
          {consents.map((consent) => (
            <li key={consent.purpose} className="privacy-consent">
              <div>
                <h3>{notice.consents[consent.purpose].label}</h3>
                <p>{notice.consents[consent.purpose].text}</p>
                <p className="privacy-state">
                  {consent.isGranted ? 'Given' : 'Not given'}
                  {consent.recordedAt
                    ? ` on ${dateFormat.format(new Date(consent.recordedAt))} (notice ${consent.noticeVersion ?? ''})`
                    : ''}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="purpose" value={consent.purpose} />
                <input type="hidden" name="choice" value={consent.isGranted ? 'withdraw' : 'give'} />
                {/* the same look both ways: the page pushes neither giving nor withdrawing (docs/dark-patterns-audit.md) */}
                <button type="submit" className="btn-secondary">
                  {consent.isGranted ? 'Withdraw consent' : 'Give consent'}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
      <section className="privacy-block" aria-labelledby="export-title">
        <h2 id="export-title">{M.exportTitle}</h2>
        <p>{M.exportText}</p>
        <a className="btn-secondary" href="/api/privacy/export" download>
          Download my data
        </a>
      </section>
      <section className="privacy-block" aria-labelledby="correct-title">
        <h2 id="correct-title">{M.correctTitle}</h2>
        <ul className="privacy-links">
          <li>
            <Link to="/updateprofile">Edit your profile</Link>
          </li>
          <li>
            <Link to="/manageaddress">Edit your addresses</Link>
          </li>
          <li>
            <Link to="/bankaccount">Edit your bank accounts</Link>
          </li>
          <li>
            <Link to="/messagepreferences">Choose your messages</Link>
          </li>
        </ul>
      </section>
      <section className="privacy-block" aria-labelledby="delete-title">
        <h2 id="delete-title">{M.deleteTitle}</h2>
        <p>{M.deleteText}</p>
        <Link className="btn-secondary privacy-danger" to="/privacy/delete">
          Delete my account
        </Link>
      </section>
    </AccountPage>
  );
}
