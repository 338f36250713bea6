import { useEffect, useState } from 'react';
import {
  fieldMessages,
  GENDERS,
  type Profile,
  Profile as ProfileSchema,
  PROFILE_FIELDS,
  PROFILE_MESSAGES,
  profileUpdateSchema,
  ProfileUpdated,
  todayInIndia,
} from '@marketplace/domain/accounts/profile';
import { localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { AccountPage } from '../../components/account/account-page.tsx';
import { errorNotice, Notice, type NoticeValue } from '../../components/account/notice.tsx';
import { useFieldText } from '../../components/account/profile-texts.ts';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Field, SelectField } from '../../components/ui/field.tsx';
import { flashCookie } from '../../lib/flash.server.ts';
import { actionApi, formFields, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';

/** Longer than any field takes (the longest, a bank's name, is 100). */
const TYPED_MAX = 200;
type Values = Record<(typeof PROFILE_FIELDS)[number], string>;

export async function loader({ request, url, context }: LoaderArgs) {
  const profile = await loadFromApi(context, request, '/api/profile', ProfileSchema);
  if (!profile) return redirect(localizedPath(splitLanguage(url.pathname).language, loginPathFor(request)));
  return { profile, today: todayInIndia(new Date()) };
}

/**
 * Saves the posted profile. Checked with the API's own schema first, so each field's message shows
 * beside it and the typed values come back; saved, it goes to the profile with the spec's message.
 */
export async function action({ request, url, context }: ActionArgs) {
  const local = (path: string) => localizedPath(splitLanguage(url.pathname).language, path);
  const form = await readForm(request);
  const values: Values = formFields(form ?? new FormData(), PROFILE_FIELDS);
  // what was typed comes back to the form, cut to a length no real entry reaches
  const typed: Values = { ...values };
  for (const name of PROFILE_FIELDS) typed[name] = values[name].slice(0, TYPED_MAX);
  const refused = (notice: NoticeValue, errors: Record<string, string>, status: number) =>
    data({ values: typed, errors, notice }, { status });
  if (!form) return refused(errorNotice(PROFILE_MESSAGES.saveFailed), {}, 400);
  const parsed = profileUpdateSchema(() => todayInIndia(new Date())).safeParse(values);
  if (!parsed.success) return refused(null, fieldMessages(parsed.error), 400);
  const api = actionApi(context);
  const result = await api.call('PUT', '/api/profile', ProfileUpdated, parsed.data);
  if (result.ok) {
    api.headers.append('set-cookie', flashCookie({ kind: 'success', text: result.data.message }));
    return redirect(local('/myprofile'), { headers: api.headers });
  }
  if (result.kind === 'unreachable') return refused(errorNotice(PROFILE_MESSAGES.saveFailed), {}, 503);
  if (result.status === 401) return redirect(local(loginPathFor(request)));
  // requirements#profile: a taken mobile number is told as the server says it; anything else is the save failure
  const text = result.status === 409 ? result.message : PROFILE_MESSAGES.saveFailed;
  return refused(errorNotice(text), result.fields, result.status);
}

/** /updateprofile: edit names, mobile, gender, date of birth and anniversary; then back to the profile. */
export default function UpdateProfile() {
  const { profile, today } = useLoaderData<typeof loader>();
  return <ProfileForm profile={profile} today={today} />;
}

function ProfileForm({ profile, today }: { profile: Profile; today: string }) {
  const answer = useActionData<typeof action>();
  const t = useT();
  const say = useFieldText();
  const navigation = useNavigation();
  const saving = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const [values, setValues] = useState<Values>(
    answer?.values ?? {
      firstName: profile.firstName,
      lastName: profile.lastName,
      mobile: profile.mobile ?? '',
      gender: profile.gender ?? '',
      dateOfBirth: profile.dateOfBirth ?? '',
      anniversary: profile.anniversary ?? '',
    },
  );
  const [errors, setErrors] = useState<Record<string, string>>(answer?.errors ?? {});
  const notice: NoticeValue = answer?.notice ?? null;
  // each refusal of the action brings its own field messages
  useEffect(() => {
    if (answer) setErrors(answer.errors);
  }, [answer]);
  const set = (name: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  return (
    <AccountPage
      title={t('profile.editProfile')}
      crumb={{ to: '/myprofile', label: t('profile.title') }}
      narrow
    >
      <Notice notice={notice} />
      <Form method="post" className="account-form ui-form" noValidate>
        <div className="ui-form-grid">
          <Field
            label={t('profile.firstName')}
            name="firstName"
            value={values.firstName}
            onChange={set('firstName')}
            error={say(errors.firstName)}
            autoComplete="given-name"
            maxLength={50}
          />
          <Field
            label={t('profile.lastName')}
            name="lastName"
            value={values.lastName}
            onChange={set('lastName')}
            error={say(errors.lastName)}
            autoComplete="family-name"
            maxLength={50}
          />
          <Field
            label={t('profile.email')}
            value={profile.email}
            readOnly
            wide
            hint={t('profile.emailFixed')}
          />
          <Field
            label={t('profile.mobileNumber')}
            name="mobile"
            value={values.mobile}
            onChange={set('mobile')}
            error={say(errors.mobile)}
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
          />
          <SelectField
            label={t('profile.gender')}
            id="profile-gender"
            name="gender"
            value={values.gender}
            onChange={set('gender')}
            error={say(errors.gender)}
          >
            <option value="">{t('profile.notSet')}</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {t(`profile.gender.${gender}`)}
              </option>
            ))}
          </SelectField>
          <Field
            label={t('profile.dateOfBirth')}
            name="dateOfBirth"
            type="date"
            value={values.dateOfBirth}
            onChange={set('dateOfBirth')}
            error={say(errors.dateOfBirth)}
            max={today}
            min="1900-01-01"
          />
          <Field
            label={t('profile.anniversary')}
            name="anniversary"
            type="date"
            value={values.anniversary}
            onChange={set('anniversary')}
            error={say(errors.anniversary)}
            max={today}
            min="1900-01-01"
          />
        </div>
        <div className="form-actions">
          <Button type="submit" busy={saving}>
            {saving ? t('profile.saving') : t('profile.saveChanges')}
          </Button>
          <ButtonLink to="/myprofile" variant="secondary">
            {t('profile.cancel')}
          </ButtonLink>
        </div>
      </Form>
    </AccountPage>
  );
}
