import { CODE_MESSAGES, CODE_RULES, MAX_CODE_LENGTH } from '@marketplace/domain/accounts/codes';
import { LoggedIn, SuccessMessage } from '@marketplace/domain/accounts/login';
import {
  AFTER_REGISTRATION_PATH,
  PENDING_REGISTRATION_ID,
  PendingRegistration,
  REGISTRATION_MESSAGES as M,
  RegistrationCodesInput,
} from '@marketplace/domain/accounts/registration';
import {
  type ClientActionFunctionArgs,
  data,
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
} from 'react-router';
import { AuthCard } from '../../components/account/form-parts.tsx';
import { useResendCountdown } from '../../components/account/use-countdown.ts';
import { unlessUnreachable } from '../../components/account/when-unreachable.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { fieldErrors } from '../../lib/account-api.ts';
import { actionApi, formFields, loadFromApi, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';

type Message = { tone: 'error' | 'success'; text: string };
/** The action's answer: a message, each code's message, and whether new codes just went out. */
type Answer = { alert: Message | null; errors: Record<string, string>; resent: boolean };

/** The pending registration of ?registration= (null: none, or it can no longer be finished). */
const registrationIdOf = (url: URL) => {
  const id = url.searchParams.get('registration') ?? '';
  return PENDING_REGISTRATION_ID.test(id) ? id : null;
};
const unreachable = (intent: string): Answer => ({
  alert: { tone: 'error', text: intent === 'resend' ? CODE_MESSAGES.resendError : M.failed },
  errors: {},
  resent: false,
});

/**
 * Where the two codes went (masked), read on the server so the page needs no script. The pending
 * registration is found by the id in the URL, so a reload keeps working (no password in the browser).
 */
export async function loader({ request, url, context }: LoaderArgs) {
  const id = registrationIdOf(url);
  const pending = id
    ? await loadFromApi(context, request, `/api/registrations/${id}`, PendingRegistration)
    : null;
  return { pending };
}

/** Verify both codes (the account is created and logged in), or resend them (intent=resend). */
export async function action({ request, url, context }: ActionArgs) {
  const form = await readForm(request);
  const { intent, ...codes } = formFields(form ?? new FormData(), ['intent', 'emailCode', 'mobileCode']);
  const answer = (alert: Message | null, errors: Record<string, string>, status: number, resent = false) =>
    data<Answer>({ alert, errors, resent }, { status });
  const id = registrationIdOf(url);
  if (!form) return answer({ tone: 'error', text: M.failed }, {}, 400);
  if (!id) return answer({ tone: 'error', text: M.expired }, {}, 404);
  const api = actionApi(context);
  if (intent === 'resend') {
    const result = await api.call('POST', `/api/registrations/${id}/codes`, SuccessMessage);
    if (result.ok) return answer({ tone: 'success', text: result.data.message }, {}, 200, true);
    if (result.kind === 'unreachable') return data(unreachable(intent), { status: 503 });
    return answer({ tone: 'error', text: result.message || CODE_MESSAGES.resendFailed }, {}, result.status);
  }
  const parsed = RegistrationCodesInput.safeParse(codes);
  if (!parsed.success) return answer(null, fieldErrors(parsed.error), 400);
  const result = await api.call('POST', `/api/registrations/${id}/verify`, LoggedIn, parsed.data);
  if (result.ok) return redirect(AFTER_REGISTRATION_PATH, { headers: api.headers });
  if (result.kind === 'unreachable') return data(unreachable(intent), { status: 503 });
  return answer({ tone: 'error', text: result.message }, result.fields, result.status);
}

export function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  return unlessUnreachable(
    request,
    () => serverAction<typeof action>(),
    (posted) => unreachable(posted('intent')),
  );
}

/** /verifyotp?registration=…: the two codes, and a resend with the 30-second countdown. */
export default function VerifyOtpPage() {
  const { pending } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const wait = useResendCountdown(answer?.resent ? answer : null, CODE_RULES.resendSeconds);
  const errors: Record<string, string> = answer?.errors ?? {};

  if (!pending)
    return (
      <AuthCard title="Verify OTP">
        <Alert tone="error">{M.expired}</Alert>
        <ButtonLink to="/registration" variant="secondary" block>
          Register again
        </ButtonLink>
      </AuthCard>
    );

  return (
    <AuthCard title="Verify OTP">
      <p className="auth-note" style={{ marginTop: 0 }}>
        We have sent an OTP to <b>{pending.email}</b> and another to <b>{pending.mobile}</b>. Enter both to
        create your account.
      </p>
      {answer?.alert && <Alert tone={answer.alert.tone}>{answer.alert.text}</Alert>}
      <Form method="post" replace noValidate>
        <Field
          label="Email OTP"
          name="emailCode"
          className="code-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={MAX_CODE_LENGTH}
          error={errors.emailCode}
        />
        <Field
          label="Mobile OTP"
          name="mobileCode"
          className="code-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={MAX_CODE_LENGTH}
          error={errors.mobileCode}
        />
        {/* the first button answers Enter in a code box */}
        <Button type="submit" variant="primary" block busy={busy} name="intent" value="verify">
          Verify and create account
        </Button>
        <p className="auth-note">
          Didn’t get them?{' '}
          {wait > 0 ? (
            <span role="timer">Resend OTP in {wait}s</span>
          ) : (
            <Button type="submit" variant="link" name="intent" value="resend" disabled={busy}>
              Resend OTP
            </Button>
          )}
        </p>
      </Form>
    </AuthCard>
  );
}
