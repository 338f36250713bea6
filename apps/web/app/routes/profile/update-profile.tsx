import { type FormEvent, useState } from 'react';
import {
  fieldMessages,
  GENDER_LABELS,
  GENDERS,
  type Profile,
  PROFILE_MESSAGES,
  profileUpdateSchema,
  todayInIndia,
} from '@marketplace/domain/accounts/profile';
import { type ClientLoaderFunctionArgs, useLoaderData, useNavigate } from 'react-router';
import { callApi, hereOf, loadOrLogin } from '../../components/account/account-api.ts';
import { AccountLoading, AccountPage } from '../../components/account/account-page.tsx';
import { Field } from '../../components/account/field.tsx';
import { Notice, type NoticeValue } from '../../components/account/notice.tsx';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  return loadOrLogin<Profile>('/api/profile', hereOf(request));
}

export function HydrateFallback() {
  return <AccountLoading what="your profile" />;
}

/** /updateprofile: edit names, mobile, gender, date of birth and anniversary; then back to the profile. */
export default function UpdateProfile() {
  const profile = useLoaderData<typeof clientLoader>();
  if (!profile) return <AccountLoading what="your profile" />;
  return <ProfileForm profile={profile} />;
}

function ProfileForm({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const [values, setValues] = useState({
    firstName: profile.firstName,
    lastName: profile.lastName,
    mobile: profile.mobile ?? '',
    gender: profile.gender ?? '',
    dateOfBirth: profile.dateOfBirth ?? '',
    anniversary: profile.anniversary ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<NoticeValue>(null);
  const [saving, setSaving] = useState(false);
  const today = todayInIndia(new Date());
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    // spec: a profile update needs the user and their email
    if (!profile.email) return setNotice({ kind: 'error', text: PROFILE_MESSAGES.needsUser });
    const parsed = profileUpdateSchema(() => today).safeParse(values);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      return setNotice(null);
    }
    setErrors({});
    setSaving(true);
    try {
      const result = await callApi<{ message: string }>('/api/profile', { method: 'PUT', body: values });
      if (result.ok) {
        await navigate('/myprofile', { state: { notice: result.data.message } });
        return;
      }
      setErrors(result.fields);
      const text =
        result.status === 401
          ? PROFILE_MESSAGES.needsUser
          : result.status === 409
            ? result.message
            : PROFILE_MESSAGES.saveFailed;
      setNotice({ kind: 'error', text });
    } catch {
      setNotice({ kind: 'error', text: PROFILE_MESSAGES.saveFailed });
    } finally {
      setSaving(false);
    }
  }

  return (
    <AccountPage title="Edit Profile" crumb={{ to: '/myprofile', label: 'Your Profile' }} narrow>
      <Notice notice={notice} />
      <form className="account-form" onSubmit={(event) => void save(event)} noValidate>
        <div className="form-grid">
          <Field
            label="First name"
            value={values.firstName}
            onChange={set('firstName')}
            error={errors.firstName}
            autoComplete="given-name"
            maxLength={50}
          />
          <Field
            label="Last name"
            value={values.lastName}
            onChange={set('lastName')}
            error={errors.lastName}
            autoComplete="family-name"
            maxLength={50}
          />
          <Field
            label="Email"
            value={profile.email}
            readOnly
            wide
            hint="Your email cannot be changed here."
          />
          <Field
            label="Mobile number"
            value={values.mobile}
            onChange={set('mobile')}
            error={errors.mobile}
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
          />
          <div className={`field${errors.gender ? ' has-error' : ''}`}>
            <label htmlFor="profile-gender">Gender</label>
            <select id="profile-gender" value={values.gender} onChange={set('gender')}>
              <option value="">Not set</option>
              {GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {GENDER_LABELS[gender]}
                </option>
              ))}
            </select>
            {errors.gender && <small className="field-error">{errors.gender}</small>}
          </div>
          <Field
            label="Date of birth"
            type="date"
            value={values.dateOfBirth}
            onChange={set('dateOfBirth')}
            error={errors.dateOfBirth}
            max={today}
            min="1900-01-01"
          />
          <Field
            label="Anniversary"
            type="date"
            value={values.anniversary}
            onChange={set('anniversary')}
            error={errors.anniversary}
            max={today}
            min="1900-01-01"
          />
        </div>
        <div className="form-actions">
          <button type="submit" className="btn" disabled={saving}>
            {saving ? 'Saving…' : 'Save Changes'}
          </button>
          <button type="button" className="btn-secondary" onClick={() => void navigate('/myprofile')}>
            Cancel
          </button>
        </div>
      </form>
    </AccountPage>
  );
}
