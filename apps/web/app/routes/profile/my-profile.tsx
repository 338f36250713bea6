import { displayDate, GENDER_LABELS, Profile, PROFILE_MESSAGES } from '@marketplace/domain/accounts/profile';
import { data, redirect, useLoaderData } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import { AccountPage } from '../../components/account/account-page.tsx';
import { Notice } from '../../components/account/notice.tsx';
import { takeFlash } from '../../lib/flash.server.ts';
import { loadFromApi, loginPathFor } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';

export async function loader({ request, context }: LoaderArgs) {
  const profile = await loadFromApi(context, request, '/api/profile', Profile);
  if (!profile) return redirect(loginPathFor(request));
  const { flash, headers } = takeFlash(request);
  return data({ profile, flash }, { headers });
}

const NOT_SET = PROFILE_MESSAGES.notSet;

/** /myprofile: the shopper's details; unset values (requirements#profile: '0000-00-00') read "Not set". */
export default function MyProfile() {
  const { profile, flash } = useLoaderData<typeof loader>();
  const rows: [string, string][] = [
    ['First name', profile.firstName],
    ['Last name', profile.lastName],
    ['Email', profile.email],
    ['Mobile', profile.mobile ?? NOT_SET],
    ['Gender', profile.gender ? GENDER_LABELS[profile.gender] : NOT_SET],
    ['Date of birth', displayDate(profile.dateOfBirth)],
    ['Anniversary', displayDate(profile.anniversary)],
  ];
  return (
    <AccountPage title="Your Profile" narrow>
      <Notice notice={flash} />
      <section className="profile-card" aria-label="Profile details">
        <div className="profile-top">
          <span className="profile-avatar" aria-hidden="true">
            {profile.firstName.slice(0, 1).toUpperCase()}
          </span>
          <div>
            <h2>
              {profile.firstName} {profile.lastName}
            </h2>
            <p>{profile.email}</p>
          </div>
        </div>
        <dl className="profile-details">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd className={value === NOT_SET ? 'not-set' : undefined}>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="profile-actions">
          <Link to="/updateprofile" className="btn">
            Edit Profile
          </Link>
          <Link to="/updatepassword" className="btn-secondary">
            Change Password
          </Link>
          <Link to="/myaddress" className="btn-secondary">
            Your Addresses
          </Link>
        </div>
      </section>
    </AccountPage>
  );
}
