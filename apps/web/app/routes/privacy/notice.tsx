import {
  BOARD_URL,
  NOTICE_LANGUAGES,
  NOTICE_VERSION,
  noticeIn,
  PRIVACY_NOTICE,
} from '@marketplace/domain/privacy/notice';
import { Link, useLoaderData } from 'react-router';
import type { LoaderArgs } from '../../lib/services.ts';
import './privacy.css';

/** The notice's language: the shop's (`/hi/…`), else `?lang=` from the picker; English for anything else. */
export function loader({ request, params }: LoaderArgs) {
  const { language, text } = noticeIn(params.lang ?? new URL(request.url).searchParams.get('lang'));
  return { language, text };
}

/** /privacynotice: the stand-alone, itemised notice (requirements#privacy-notice, DPDP Rules 2025 rule 3). */
export default function PrivacyNoticePage() {
  const { language, text } = useLoaderData<typeof loader>();
  return (
    <main id="main" tabIndex={-1} className="wrap notice-page" lang={language}>
      <h1>{text.title}</h1>
      <nav aria-label="Language">
        <ul className="notice-languages">
          {NOTICE_LANGUAGES.map((code) => (
            <li key={code} lang={code}>
              <Link to={`/privacynotice?lang=${code}`} aria-current={code === language ? 'page' : undefined}>
                {PRIVACY_NOTICE[code].languageName}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p>{text.intro}</p>
      <h2>{text.itemsTitle}</h2>
      <table className="notice-items">
        <thead>
          <tr>
            <th scope="col">{text.columns.what}</th>
            <th scope="col">{text.columns.why}</th>
            <th scope="col">{text.columns.howLong}</th>
          </tr>
        </thead>
        <tbody>
          {text.items.map((item) => (
            <tr key={item.what}>
              <td data-label={text.columns.what}>{item.what}</td>
              <td data-label={text.columns.why}>{item.why}</td>
              <td data-label={text.columns.howLong}>{item.howLong}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{text.consentsTitle}</h2>
      <ul>
        {(['marketing', 'personalisation'] as const).map((purpose) => (
          <li key={purpose}>
            <strong>{text.consents[purpose].label}</strong>: {text.consents[purpose].text}
          </li>
        ))}
      </ul>
      <h2>{text.withdrawTitle}</h2>
      <p>
        {text.withdraw} <Link to="/privacy">/privacy</Link>
      </p>
      <h2>{text.rightsTitle}</h2>
      <p>
        {text.rights} <Link to="/grievance">/grievance</Link>
      </p>
      <h2>{text.complainTitle}</h2>
      <p>
        {text.complain} <a href={BOARD_URL}>{BOARD_URL.replace('https://', '')}</a>
      </p>
      <p className="privacy-hint">
        {text.versionLabel}: {NOTICE_VERSION}
      </p>
    </main>
  );
}
