import {
  GENDER_OPTIONS,
  NEW_PASSWORD_MESSAGES,
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
import { Link } from '../../i18n/link.tsx';
import { AuthCard } from '../../components/account/form-parts.tsx';
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
export async function action({ request, context }: ActionArgs) {
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
  });
  if (!parsed.success) return answer(null, fieldErrors(parsed.error), 400);
  const api = actionApi(context);
  const result = await api.call('POST', '/api/registrations', RegistrationStarted, parsed.data);
  if (result.ok)
    return redirect(`/verifyotp?registration=${encodeURIComponent(result.data.registrationId)}`, {
      headers: api.headers,
    });
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
  const answer = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const errors: Record<string, string> = answer?.errors ?? {};
  const values = answer?.values;

  return (
    <AuthCard
      title="Create Account"
      below={
        <p>
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      }
    >
      {answer?.alert && <Alert tone="error">{answer.alert}</Alert>}
      <Form method="post" noValidate>
        <div className="ui-form-grid">
          <Field
            label="First name"
            name="firstName"
            autoComplete="given-name"
            defaultValue={values?.firstName}
            error={errors.firstName}
          />
          <Field
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            defaultValue={values?.lastName}
            error={errors.lastName}
          />
        </div>
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={values?.email}
          error={errors.email}
        />
        <Field
          label="Mobile number"
          name="mobile"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          defaultValue={values?.mobile}
          error={errors.mobile}
        />
        <RadioGroup
          legend="Gender"
          name="gender"
          options={GENDER_OPTIONS}
          defaultValue={values?.gender}
          error={errors.gender}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          error={errors.password}
          hint={NEW_PASSWORD_MESSAGES.rule}
        />
        <Field
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword}
        />
        <fieldset className="registration-consents">
          <legend>{PRIVACY_NOTICE.en.consentsTitle}</legend>
          <p>
            Please read our <Link to="/privacynotice">privacy notice</Link>: what we collect, why, for how
            long, and how to withdraw or complain. Both choices are optional.
          </p>
          <label>
            <input type="checkbox" name="marketingConsent" /> {PRIVACY_NOTICE.en.consents.marketing.label}
          </label>
          <label>
            <input type="checkbox" name="personalisationConsent" />{' '}
            {PRIVACY_NOTICE.en.consents.personalisation.label}
          </label>
        </fieldset>
        <Button type="submit" variant="primary" block busy={busy}>
          {busy ? 'Sending OTPs…' : 'Verify email and mobile'}
        </Button>
      </Form>
      <p className="auth-note">
        We will send one OTP to your email and another to your mobile to verify them.
      </p>
    </AuthCard>
  );
}
