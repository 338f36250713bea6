import { Profile } from '@marketplace/domain/accounts/profile';
import { localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';
import { data, redirect, useLoaderData } from 'react-router';
import { type MessageKey, useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import { AccountPage } from '../../components/account/account-page.tsx';
import { Notice } from '../../components/account/notice.tsx';
import { useProfileDates } from '../../components/account/profile-texts.ts';
import { takeFlash } from '../../lib/flash.server.ts';
import { loadFromApi, loginPathFor } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';

export async function loader({ request, url, context }: LoaderArgs) {
  const profile = await loadFromApi(context, request, '/api/profile', Profile);
  if (!profile) return redirect(localizedPath(splitLanguage(url.pathname).language, loginPathFor(request)));
  const { flash, headers } = takeFlash(request);
  return data({ profile, flash }, { headers });
}

const GENDER_KEYS = {
  male: 'profile.gender.male',
  female: 'profile.gender.female',
  others: 'profile.gender.others',
} as const satisfies Record<NonNullable<Profile['gender']>, MessageKey>;

/** A value of the profile: as stored (the shopper's own, not translated) or said by the shop. */
type Row = { label: string; value: string; stored: boolean; unset?: boolean };

/** /myprofile: the shopper's details; unset values (requirements#profile: '0000-00-00') read "Not set". */
export default function MyProfile() {
  const { profile, flash } = useLoaderData<typeof loader>();
  const t = useT();
  const dates = useProfileDates();
  const notSet = t('profile.notSet');
  const date = (value: string | null): Omit<Row, 'label'> => {
    const shown = dates.stored(value);
    return { value: shown, stored: false, unset: shown === notSet };
  };
  const rows: Row[] = [
    { label: t('profile.firstName'), value: profile.firstName, stored: true },
    { label: t('profile.lastName'), value: profile.lastName, stored: true },
    { label: t('profile.email'), value: profile.email, stored: true },
    profile.mobile
      ? { label: t('profile.mobile'), value: profile.mobile, stored: true }
      : { label: t('profile.mobile'), value: notSet, stored: false, unset: true },
    profile.gender
      ? { label: t('profile.gender'), value: t(GENDER_KEYS[profile.gender]), stored: false }
      : { label: t('profile.gender'), value: notSet, stored: false, unset: true },
    { label: t('profile.dateOfBirth'), ...date(profile.dateOfBirth) },
    { label: t('profile.anniversary'), ...date(profile.anniversary) },
  ];
  return (
    <AccountPage title={t('profile.title')} narrow>
      <Notice notice={flash} />
      <section className="profile-card" aria-label={t('profile.details')}>
        <div className="profile-top">
          <span className="profile-avatar" aria-hidden="true">
            {profile.firstName.slice(0, 1).toUpperCase()}
          </span>
          <div>
            <h2 translate="no">
              {profile.firstName} {profile.lastName}
            </h2>
            <p translate="no">{profile.email}</p>
          </div>
        </div>
        <dl className="profile-details">
          {rows.map(({ label, value, stored, unset }) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd className={unset ? 'not-set' : undefined} translate={stored ? 'no' : undefined}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <div className="profile-actions">
          <Link to="/updateprofile" className="btn">
            {t('profile.editProfile')}
          </Link>
          <Link to="/updatepassword" className="btn-secondary">
            {t('profile.changePassword')}
          </Link>
          <Link to="/myaddress" className="btn-secondary">
            {t('profile.yourAddresses')}
          </Link>
        </div>
      </section>
    </AccountPage>
  );
}
