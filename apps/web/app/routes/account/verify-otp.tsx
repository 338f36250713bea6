import { CODE_MESSAGES, CODE_RULES, MAX_CODE_LENGTH } from '@marketplace/domain/accounts/codes';
import { LoggedIn, SuccessMessage } from '@marketplace/domain/accounts/login';
import {
  AFTER_REGISTRATION_PATH,
  PENDING_REGISTRATION_ID,
  PendingRegistration,
  REGISTRATION_MESSAGES as M,
  RegistrationCodesInput,
} from '@marketplace/domain/accounts/registration';
import type { ReactNode } from 'react';
import {
  type ClientActionFunctionArgs,
  data,
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
} from 'react-router';
import { useRichT, useT } from '../../i18n/intl.tsx';
import { AuthCard } from '../../components/account/form-parts.tsx';
import { pathIn } from '../../components/account/signin-paths.ts';
import { useSigninText } from '../../components/account/signin-texts.ts';
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
  if (result.ok) return redirect(pathIn(url, AFTER_REGISTRATION_PATH), { headers: api.headers });
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
  const t = useT();
  const rich = useRichT();
  const say = useSigninText();
  const { pending } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const wait = useResendCountdown(answer?.resent ? answer : null, CODE_RULES.resendSeconds);
  const errors: Record<string, string> = answer?.errors ?? {};

  if (!pending)
    return (
      <AuthCard title={t('signin.verifyOtp')}>
        <Alert tone="error">{t('signin.error.expired')}</Alert>
        <ButtonLink to="/registration" variant="secondary" block>
          {t('signin.registerAgain')}
        </ButtonLink>
      </AuthCard>
    );

  // where the codes went, masked: shown as the server wrote them
  const stored = (chunks: ReactNode[]) => <b translate="no">{chunks}</b>;
  return (
    <AuthCard title={t('signin.verifyOtp')}>
      <p className="auth-note" style={{ marginTop: 0 }}>
        {rich('signin.codesSentTo', { email: pending.email, mobile: pending.mobile, b: stored })}
      </p>
      {answer?.alert && <Alert tone={answer.alert.tone}>{say(answer.alert.text)}</Alert>}
      <Form method="post" replace noValidate>
        <Field
          label={t('signin.emailOtp')}
          name="emailCode"
          className="code-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={MAX_CODE_LENGTH}
          error={say(errors.emailCode)}
        />
        <Field
          label={t('signin.mobileOtp')}
          name="mobileCode"
          className="code-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={MAX_CODE_LENGTH}
          error={say(errors.mobileCode)}
        />
        {/* the first button answers Enter in a code box */}
        <Button type="submit" variant="primary" block busy={busy} name="intent" value="verify">
          {t('signin.verifyAndCreate')}
        </Button>
        <p className="auth-note">
          {t('signin.didntGetThem')}{' '}
          {wait > 0 ? (
            <span role="timer">{t('signin.resendOtpIn', { seconds: wait })}</span>
          ) : (
            <Button type="submit" variant="link" name="intent" value="resend" disabled={busy}>
              {t('signin.resendOtp')}
            </Button>
          )}
        </p>
      </Form>
    </AuthCard>
  );
}
