import { CODE_LENGTHS, MAX_EMAIL_LENGTH } from '@marketplace/domain/accounts/codes';
import {
  PasswordResetInput,
  PasswordResetRequest,
  RESET_MESSAGES,
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
  useParams,
} from 'react-router';
import { useRichT, useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import { AuthCard } from '../../components/account/form-parts.tsx';
import { pathIn } from '../../components/account/signin-paths.ts';
import { useSigninText } from '../../components/account/signin-texts.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { unlessUnreachable } from '../../components/account/when-unreachable.ts';
import { fieldErrors } from '../../lib/account-api.ts';
import { actionApi, formFields, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs } from '../../lib/services.ts';

type Message = { tone: 'error' | 'success'; text: string };
/** The step (the email, or the reset with the code sent to it) and its messages; never a code or password. */
type Answer = {
  step: 'email' | 'reset';
  email: string;
  alert: Message | null;
  errors: Record<string, string>;
};

const FIELDS = ['intent', 'email', 'code', 'newPassword', 'confirmPassword'] as const;
/** The fields the reset step shows, each with its own error. */
const RESET_STEP_FIELDS = ['code', 'newPassword', 'confirmPassword'] as const;
const AFTER_RESET_PATH = '/login?reset=done';
const unreachable = (intent: string, email: string): Answer =>
  intent === 'reset'
    ? { step: 'reset', email, alert: { tone: 'error', text: RESET_MESSAGES.failed }, errors: {} }
    : { step: 'email', email, alert: { tone: 'error', text: RESET_MESSAGES.sendFailed }, errors: {} };

/**
 * Send a reset code to the email (intent=send), set the new password with it (intent=reset), or go
 * back to change the email (intent=change). The code and passwords travel only in the POST body.
 */
export async function action({ request, url, context }: ActionArgs) {
  const form = await readForm(request);
  const { intent, ...fields } = formFields(form ?? new FormData(), FIELDS);
  const email = fields.email.slice(0, MAX_EMAIL_LENGTH);
  const answer = (fields: Partial<Answer> & Pick<Answer, 'step'>, status = 200) =>
    data<Answer>({ email, alert: null, errors: {}, ...fields }, { status });
  if (!form) return data(unreachable('send', ''), { status: 400 });
  if (intent === 'change') return answer({ step: 'email' });
  const api = actionApi(context);

  if (intent === 'reset') {
    const parsed = PasswordResetInput.safeParse(fields);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      // the email is not a field of this step: a tampered one is told above the form
      const alert = errors.email ? { tone: 'error' as const, text: errors.email } : null;
      return answer({ step: 'reset', errors, alert }, 400);
    }
    const result = await api.call('POST', '/api/auth/password-resets/confirm', SuccessMessage, parsed.data);
    if (result.ok) return redirect(pathIn(url, AFTER_RESET_PATH), { headers: api.headers });
    if (result.kind === 'unreachable') return data(unreachable(intent, email), { status: 503 });
    // a refusal of one of this step's fields is said beside it, once
    const isBesideField = RESET_STEP_FIELDS.some((name) => result.fields[name]);
    return answer(
      {
        step: 'reset',
        errors: result.fields,
        alert: isBesideField ? null : { tone: 'error', text: result.message },
      },
      result.status,
    );
  }

  const parsed = PasswordResetRequest.safeParse({ email: fields.email });
  if (!parsed.success) return answer({ step: 'email', errors: fieldErrors(parsed.error) }, 400);
  const result = await api.call('POST', '/api/auth/password-resets', SuccessMessage, parsed.data);
  if (result.ok)
    return answer({
      step: 'reset',
      email: parsed.data.email,
      alert: { tone: 'success', text: result.data.message },
    });
  // requirements#password-reset: 'Failed to send the password reset link.'; a limit says when to try again
  const text =
    result.kind === 'refused' && result.status === 429 ? result.message : RESET_MESSAGES.sendFailed;
  return answer(
    { step: 'email', alert: { tone: 'error', text } },
    result.kind === 'refused' ? result.status : 503,
  );
}

export function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  return unlessUnreachable(
    request,
    () => serverAction<typeof action>(),
    (posted) => unreachable(posted('intent'), posted('email')),
  );
}

/** /forgotpassword/{uname}: a reset code to the email, then the new password twice (requirements#password-reset). */
export default function ForgotPasswordPage() {
  const t = useT();
  const rich = useRichT();
  const say = useSigninText();
  const { uname = '' } = useParams();
  const answer = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const prefilled = PasswordResetRequest.shape.email.safeParse(uname);
  const errors: Record<string, string> = answer?.errors ?? {};
  const sentTo = answer?.step === 'reset' ? answer.email : null;

  return (
    <AuthCard
      title={t('signin.passwordAssistance')}
      below={<p>{rich('signin.rememberedIt', { link: (text) => <Link to="/login">{text}</Link> })}</p>}
    >
      {answer?.alert && <Alert tone={answer.alert.tone}>{say(answer.alert.text)}</Alert>}
      {sentTo === null ? (
        <Form method="post" noValidate>
          <p className="auth-note" style={{ marginTop: 0 }}>
            {t('signin.resetIntro')}
          </p>
          <Field
            label={t('signin.email')}
            name="email"
            type="email"
            autoComplete="username"
            defaultValue={answer ? answer.email : prefilled.success ? prefilled.data : ''}
            error={say(errors.email)}
          />
          <Button type="submit" variant="primary" block busy={busy} name="intent" value="send">
            {t('signin.sendResetCode')}
          </Button>
        </Form>
      ) : (
        <>
          <Form method="post">
            <input type="hidden" name="email" value={sentTo} />
            <p className="auth-note" style={{ marginTop: 0 }}>
              {rich('signin.codeSentTo', {
                email: sentTo,
                b: (chunks: ReactNode[]) => <b translate="no">{chunks}</b>,
              })}{' '}
              <Button type="submit" variant="link" name="intent" value="change" disabled={busy}>
                {t('signin.change')}
              </Button>
            </p>
          </Form>
          <Form method="post" replace noValidate>
            <input type="hidden" name="email" value={sentTo} />
            <Field
              label={t('signin.resetCode')}
              name="code"
              className="code-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={CODE_LENGTHS.passwordReset}
              error={say(errors.code)}
            />
            <Field
              label={t('signin.newPassword')}
              name="newPassword"
              type="password"
              autoComplete="new-password"
              error={say(errors.newPassword)}
              hint={t('signin.passwordRule')}
            />
            <Field
              label={t('signin.confirmNewPassword')}
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              error={say(errors.confirmPassword)}
            />
            <Button type="submit" variant="primary" block busy={busy} name="intent" value="reset">
              {t('signin.saveNewPassword')}
            </Button>
          </Form>
        </>
      )}
    </AuthCard>
  );
}
