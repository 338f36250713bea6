import {
  GENDER_OPTIONS,
  REGISTRATION_FIELDS,
  REGISTRATION_MESSAGES as M,
  RegistrationInput,
  RegistrationStarted,
} from '@marketplace/domain/accounts/registration';
import {
  type ClientActionFunctionArgs,
  data,
  Form,
  redirect,
  useActionData,
  useNavigation,
} from 'react-router';
import { useLanguage, useRichT, useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import { AuthCard } from '../../components/account/form-parts.tsx';
import { languageOf, pathIn } from '../../components/account/signin-paths.ts';
import { GENDER_KEYS, useSigninText } from '../../components/account/signin-texts.ts';
import { unlessUnreachable } from '../../components/account/when-unreachable.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, RadioGroup } from '../../components/ui/field.tsx';
import { fieldErrors } from '../../lib/account-api.ts';
import { actionApi, formFields, readForm } from '../../lib/page-api.server.ts';
import { PRIVACY_NOTICE } from '@marketplace/domain/privacy/notice';
import type { ActionArgs } from '../../lib/services.ts';

/** What the form gets back: the typed values (never the passwords) and the messages. */
type Values = { firstName: string; lastName: string; email: string; mobile: string; gender: string };
type Answer = { alert: string | null; errors: Record<string, string>; values: Values };

const valuesOf = (fields: Record<string, string>): Values => ({
  firstName: (fields.firstName ?? '').slice(0, 254),
  lastName: (fields.lastName ?? '').slice(0, 254),
  email: (fields.email ?? '').slice(0, 254),
  mobile: (fields.mobile ?? '').slice(0, 254),
  gender: (fields.gender ?? '').slice(0, 20),
});
const unreachable = (values: Values): Answer => ({ alert: M.failed, errors: {}, values });

/**
 * The posted registration form (ADR-0013: it works before the page's scripts arrive): checked
 * with the API's own schema, then the codes go out and the page continues at /verifyotp. The
 * passwords travel only in the POST body and never come back.
 */
export async function action({ request, url, context }: ActionArgs) {
  const form = await readForm(request);
  const fields = formFields(form ?? new FormData(), REGISTRATION_FIELDS);
  const values = valuesOf(fields);
  const answer = (alert: string | null, errors: Record<string, string>, status: number) =>
    data<Answer>({ alert, errors, values }, { status });
  if (!form) return answer(M.failed, {}, 400);
  // requirements#privacy-consent: an unticked box is not sent; a ticked one sends 'on'
  const ticked = (name: string) => form.getAll(name).length === 1 && form.get(name) === 'on';
  const parsed = RegistrationInput.safeParse({
    ...fields,
    consents: { marketing: ticked('marketingConsent'), personalisation: ticked('personalisationConsent') },
    // the consents were given beside the notice in the page's language, which is recorded with them
    noticeLanguage: languageOf(url),
  });
  if (!parsed.success) return answer(null, fieldErrors(parsed.error), 400);
  const api = actionApi(context);
  const result = await api.call('POST', '/api/registrations', RegistrationStarted, parsed.data);
  if (result.ok)
    return redirect(
      pathIn(url, `/verifyotp?registration=${encodeURIComponent(result.data.registrationId)}`),
      {
        headers: api.headers,
      },
    );
  if (result.kind === 'unreachable') return data(unreachable(values), { status: 503 });
  return answer(result.message, result.fields, result.status);
}

export function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  return unlessUnreachable(
    request,
    () => serverAction<typeof action>(),
    (posted) =>
      unreachable(valuesOf(Object.fromEntries(REGISTRATION_FIELDS.map((name) => [name, posted(name)])))),
  );
}

/** /registration: every field required (requirements#registration); codes go to the email and the mobile next. */
export default function RegistrationPage() {
  const t = useT();
  const rich = useRichT();
  const say = useSigninText();
  const notice = PRIVACY_NOTICE[useLanguage()];
  const answer = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const errors: Record<string, string> = answer?.errors ?? {};
  const values = answer?.values;

  return (
    <AuthCard
      title={t('signin.createAccount')}
      below={<p>{rich('signin.haveAccount', { link: (text) => <Link to="/login">{text}</Link> })}</p>}
    >
      {answer?.alert && <Alert tone="error">{say(answer.alert)}</Alert>}
      <Form method="post" noValidate>
        <div className="ui-form-grid">
          <Field
            label={t('signin.firstName')}
            name="firstName"
            autoComplete="given-name"
            defaultValue={values?.firstName}
            error={say(errors.firstName)}
          />
          <Field
            label={t('signin.lastName')}
            name="lastName"
            autoComplete="family-name"
            defaultValue={values?.lastName}
            error={say(errors.lastName)}
          />
        </div>
        <Field
          label={t('signin.email')}
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={values?.email}
          error={say(errors.email)}
        />
        <Field
          label={t('signin.mobile')}
          name="mobile"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          defaultValue={values?.mobile}
          error={say(errors.mobile)}
        />
        <RadioGroup
          legend={t('signin.gender')}
          name="gender"
          options={GENDER_OPTIONS.map((option) => ({
            value: option.value,
            label: t(GENDER_KEYS[option.value]),
          }))}
          defaultValue={values?.gender}
          error={say(errors.gender)}
        />
        <Field
          label={t('signin.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          error={say(errors.password)}
          hint={t('signin.passwordRule')}
        />
        <Field
          label={t('signin.confirmPassword')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          error={say(errors.confirmPassword)}
        />
        <fieldset className="registration-consents">
          <legend>{notice.consentsTitle}</legend>
          <p>{rich('signin.privacyRead', { link: (text) => <Link to="/privacynotice">{text}</Link> })}</p>
          <label>
            <input type="checkbox" name="marketingConsent" /> {notice.consents.marketing.label}
          </label>
          <label>
            <input type="checkbox" name="personalisationConsent" /> {notice.consents.personalisation.label}
          </label>
        </fieldset>
        <Button type="submit" variant="primary" block busy={busy}>
          {busy ? t('signin.sendingOtps') : t('signin.verifyEmailAndMobile')}
        </Button>
      </Form>
      <p className="auth-note">{t('signin.registrationNote')}</p>
    </AuthCard>
  );
}
