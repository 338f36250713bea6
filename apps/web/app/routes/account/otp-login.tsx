import { CODE_LENGTHS, CODE_RULES, MAX_EMAIL_LENGTH } from '@marketplace/domain/accounts/codes';
import {
  CODE_LOGIN_MESSAGES,
  CodeLoginRequest,
  CodeLoginVerify,
  LoggedIn,
  SuccessMessage,
} from '@marketplace/domain/accounts/login';
import type { ReactNode } from 'react';
import {
  type ClientActionFunctionArgs,
  data,
  Form,
  redirect,
  useActionData,
  useNavigation,
  useSearchParams,
} from 'react-router';
import { useRichT, useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import { AuthCard } from '../../components/account/form-parts.tsx';
import { returnPathIn } from '../../components/account/signin-paths.ts';
import { useSigninText } from '../../components/account/signin-texts.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { useResendCountdown } from '../../components/account/use-countdown.ts';
import { unlessUnreachable } from '../../components/account/when-unreachable.ts';
import { fieldErrors } from '../../lib/account-api.ts';
import { actionApi, formFields, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs } from '../../lib/services.ts';

type Message = { tone: 'error' | 'success'; text: string };
/**
 * The step the page is at (the contact, or the code sent to it), carried by the action's answer:
 * the contact goes back and forth in the POST body only, never in the URL.
 */
type Answer = {
  step: 'contact' | 'code';
  contact: string;
  alert: Message | null;
  errors: Record<string, string>;
  /** a code just went out: the resend countdown starts */
  sent: boolean;
};

const FIELDS = ['intent', 'emailOrMobile', 'code'] as const;
const unreachable = (intent: string, contact: string): Answer => ({
  step: intent === 'send' ? 'contact' : 'code',
  contact,
  alert: {
    tone: 'error',
    text: intent === 'verify' ? CODE_LOGIN_MESSAGES.verifyFailed : CODE_LOGIN_MESSAGES.sendFailed,
  },
  errors: {},
  sent: false,
});

/**
 * Send a code (intent=send, or resend from the code step), log in with it (intent=verify), or go
 * back to change the contact (intent=change). The code travels only in the POST body.
 */
export async function action({ request, url, context }: ActionArgs) {
  const form = await readForm(request);
  const { intent, emailOrMobile, code } = formFields(form ?? new FormData(), FIELDS);
  const contact = emailOrMobile.slice(0, MAX_EMAIL_LENGTH);
  const answer = (fields: Partial<Answer> & Pick<Answer, 'step'>, status = 200) =>
    data<Answer>({ contact, alert: null, errors: {}, sent: false, ...fields }, { status });
  if (!form) return data(unreachable('send', ''), { status: 400 });
  if (intent === 'change') return answer({ step: 'contact' });
  const api = actionApi(context);

  if (intent === 'verify') {
    const parsed = CodeLoginVerify.safeParse({ emailOrMobile, code });
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      // the contact is not a field of this step: a tampered one is told above the form
      const alert = errors.emailOrMobile ? { tone: 'error' as const, text: errors.emailOrMobile } : null;
      return answer({ step: 'code', errors, alert }, 400);
    }
    const result = await api.call('POST', '/api/auth/login-codes/verify', LoggedIn, parsed.data);
    if (result.ok)
      return redirect(returnPathIn(url, url.searchParams.get('redirectTo')), {
        headers: api.headers,
      });
    if (result.kind === 'unreachable') return data(unreachable(intent, contact), { status: 503 });
    return answer({ step: 'code', alert: { tone: 'error', text: result.message } }, result.status);
  }

  // send, or resend from the code step
  const step = intent === 'resend' ? 'code' : 'contact';
  const parsed = CodeLoginRequest.safeParse({ emailOrMobile });
  if (!parsed.success) return answer({ step: 'contact', errors: fieldErrors(parsed.error) }, 400);
  const result = await api.call('POST', '/api/auth/login-codes', SuccessMessage, parsed.data);
  if (result.ok)
    return answer({
      step: 'code',
      contact: parsed.data.emailOrMobile,
      alert: { tone: 'success', text: result.data.message },
      sent: true,
    });
  if (result.kind === 'unreachable')
    return data(unreachable(step === 'code' ? 'resend' : 'send', contact), { status: 503 });
  return answer(
    { step, errors: result.fields, alert: { tone: 'error', text: result.message } },
    result.status,
  );
}

export function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  return unlessUnreachable(
    request,
    () => serverAction<typeof action>(),
    (posted) => unreachable(posted('intent'), posted('emailOrMobile')),
  );
}

/** /otpverification: a contact, then the 4-digit code with a 30-second resend countdown (requirements#one-time-codes). */
export default function OtpLoginPage() {
  const t = useT();
  const rich = useRichT();
  const say = useSigninText();
  const [params] = useSearchParams();
  const answer = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const wait = useResendCountdown(answer?.sent ? answer : null, CODE_RULES.resendSeconds);
  const errors: Record<string, string> = answer?.errors ?? {};
  const sentTo = answer?.step === 'code' ? answer.contact : null;

  return (
    <AuthCard
      title={t('signin.loginWithOtp')}
      below={
        <p>
          {rich('signin.preferPassword', {
            link: (text) => <Link to={`/login${params.size ? `?${params.toString()}` : ''}`}>{text}</Link>,
          })}
        </p>
      }
    >
      {answer?.alert && <Alert tone={answer.alert.tone}>{say(answer.alert.text)}</Alert>}
      {sentTo === null ? (
        <Form method="post" noValidate>
          <Field
            label={t('signin.emailOrMobile')}
            name="emailOrMobile"
            autoComplete="username"
            defaultValue={answer?.contact}
            error={say(errors.emailOrMobile)}
          />
          <Button type="submit" variant="primary" block busy={busy} name="intent" value="send">
            {t('signin.sendOtp')}
          </Button>
        </Form>
      ) : (
        <>
          <Form method="post">
            <input type="hidden" name="emailOrMobile" value={sentTo} />
            <p className="auth-note">
              {rich('signin.enterCodeSentTo', {
                digits: CODE_LENGTHS.login,
                contact: sentTo,
                b: (chunks: ReactNode[]) => <b translate="no">{chunks}</b>,
              })}{' '}
              <Button type="submit" variant="link" name="intent" value="change" disabled={busy}>
                {t('signin.change')}
              </Button>
            </p>
          </Form>
          <Form method="post" replace noValidate>
            <input type="hidden" name="emailOrMobile" value={sentTo} />
            <Field
              label={t('signin.otp')}
              name="code"
              className="code-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={CODE_LENGTHS.login}
              onChange={(event) => {
                event.currentTarget.value = event.currentTarget.value.replace(/\D/g, '');
              }}
              error={say(errors.code)}
            />
            <Button type="submit" variant="primary" block busy={busy} name="intent" value="verify">
              {t('signin.verifyAndSignIn')}
            </Button>
            <p className="auth-note">
              {wait > 0 ? (
                <span role="timer" aria-live="off">
                  {t('signin.resendOtpIn', { seconds: wait })}
                </span>
              ) : (
                <Button type="submit" variant="link" name="intent" value="resend" disabled={busy}>
                  {t('signin.resendOtp')}
                </Button>
              )}
            </p>
          </Form>
        </>
      )}
    </AuthCard>
  );
}
