import { CONSENT_PURPOSES, NOTICE_VERSION, PRIVACY_NOTICE } from '@marketplace/domain/privacy/notice';
import { ConsentSaved, PRIVACY_MESSAGES as M, PrivacyOverview } from '@marketplace/domain/privacy/rights';
import { localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';
import { data, Form, redirect, useActionData, useLoaderData } from 'react-router';
import { useLanguage, useRichT, useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import { AccountPage } from '../../components/account/account-page.tsx';
import { errorNotice, Notice, successNotice } from '../../components/account/notice.tsx';
import { useProfileDates } from '../../components/account/profile-texts.ts';
import { actionApi, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import './privacy.css';

export async function loader({ request, url, context }: LoaderArgs) {
  const overview = await loadFromApi(context, request, '/api/privacy', PrivacyOverview);
  if (!overview) return redirect(localizedPath(splitLanguage(url.pathname).language, loginPathFor(request)));
  return { overview };
}

/**
 * One button per consent: giving and withdrawing take the same single click (DPDP Act s. 6(4)).
 * A form naming anything else is refused, never guessed.
 */
export async function action({ request, url, context }: ActionArgs) {
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
  if (result.status === 401)
    return redirect(localizedPath(splitLanguage(url.pathname).language, loginPathFor(request)));
  return refused(result.status, result.message || M.failed);
}

/** /privacy: consents, the data file, corrections and deletion (requirements#privacy-page). */
export default function PrivacyPage() {
  const { overview } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const t = useT();
  const rich = useRichT();
  const dates = useProfileDates();
  const consents = answer?.consents ?? overview.consents;
  // the notice's own words for the consents, in the page's language (requirements#privacy-notice)
  const notice = PRIVACY_NOTICE[useLanguage()];
  return (
    <AccountPage title={t('profile.privacy.title')} narrow>
      <Notice notice={answer?.notice ?? null} />
      <section className="privacy-block" aria-labelledby="consents-title">
        <h2 id="consents-title">{notice.consentsTitle}</h2>
        <p className="privacy-hint">
          {rich('profile.privacy.hint', {
            version: NOTICE_VERSION,
            link: (chunks) => <Link to="/privacynotice">{chunks}</Link>,
          })}
        </p>
        <ul className="privacy-consents">
          {consents.map((consent) => (
            <li key={consent.purpose} className="privacy-consent">
              <div>
                <h3>{notice.consents[consent.purpose].label}</h3>
                <p>{notice.consents[consent.purpose].text}</p>
                <p className="privacy-state">
                  {consent.recordedAt
                    ? t(consent.isGranted ? 'profile.privacy.givenOn' : 'profile.privacy.notGivenOn', {
                        date: dates.medium(consent.recordedAt),
                        version: consent.noticeVersion ?? '',
                      })
                    : t(consent.isGranted ? 'profile.privacy.given' : 'profile.privacy.notGiven')}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="purpose" value={consent.purpose} />
                <input type="hidden" name="choice" value={consent.isGranted ? 'withdraw' : 'give'} />
                {/* the same look both ways: the page pushes neither giving nor withdrawing (docs/dark-patterns-audit.md) */}
                <button type="submit" className="btn-secondary">
                  {consent.isGranted ? t('profile.privacy.withdraw') : t('profile.privacy.give')}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
      <section className="privacy-block" aria-labelledby="export-title">
        <h2 id="export-title">{t('profile.privacy.exportTitle')}</h2>
        <p>{t('profile.privacy.exportText')}</p>
        <a className="btn-secondary" href="/api/privacy/export" download>
          {t('profile.privacy.download')}
        </a>
      </section>
      <section className="privacy-block" aria-labelledby="correct-title">
        <h2 id="correct-title">{t('profile.privacy.correctTitle')}</h2>
        <ul className="privacy-links">
          <li>
            <Link to="/updateprofile">{t('profile.privacy.editProfile')}</Link>
          </li>
          <li>
            <Link to="/manageaddress">{t('profile.privacy.editAddresses')}</Link>
          </li>
          <li>
            <Link to="/bankaccount">{t('profile.privacy.editBankAccounts')}</Link>
          </li>
          <li>
            <Link to="/messagepreferences">{t('profile.privacy.chooseMessages')}</Link>
          </li>
        </ul>
      </section>
      <section className="privacy-block" aria-labelledby="delete-title">
        <h2 id="delete-title">{t('profile.privacy.deleteTitle')}</h2>
        <p>{t('profile.privacy.deleteText')}</p>
        <Link className="btn-secondary privacy-danger" to="/privacy/delete">
          {t('profile.privacy.deleteButton')}
        </Link>
      </section>
    </AccountPage>
  );
}
