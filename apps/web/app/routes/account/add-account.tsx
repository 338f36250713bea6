import { CODE_LENGTHS, CODE_MESSAGES, MAX_EMAIL_LENGTH } from '@marketplace/domain/accounts/codes';
import {
  LINKED_ACCOUNT_MESSAGES as M,
  LinkByCodeInput,
  LinkByPasswordInput,
  LinkCodeRequest,
} from '@marketplace/domain/accounts/linked-accounts';
import { SuccessMessage } from '@marketplace/domain/accounts/login';
import { type ReactNode, useEffect } from 'react';
import {
  type ClientActionFunctionArgs,
  data,
  Form,
  redirect,
  useActionData,
  useNavigate,
  useNavigation,
  useSearchParams,
} from 'react-router';
import { useLocalPath, useRichT, useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import { AuthCard } from '../../components/account/form-parts.tsx';
import { pathIn } from '../../components/account/signin-paths.ts';
import { useSigninText } from '../../components/account/signin-texts.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { unlessUnreachable } from '../../components/account/when-unreachable.ts';
import { fieldErrors } from '../../lib/account-api.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { actionApi, formFields, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs } from '../../lib/services.ts';

type Message = { tone: 'error' | 'success'; text: string };
/** The action's answer: the typed contact, whether a code went to it, and whether it is now linked. */
type Answer = {
  emailOrMobile: string;
  codeSent: boolean;
  linked: boolean;
  alert: Message | null;
  errors: Record<string, string>;
};

const FIELDS = ['intent', 'emailOrMobile', 'password', 'code'] as const;
const SWITCH_PATH = '/switchaccount';
// requirements#success-messages: success popups show for 1500 ms
const SUCCESS_POPUP_MS = 1500;

/** What each intent asks of the API, whether its form is the code step, and its text when no answer came. */
const STEPS = {
  password: { schema: LinkByPasswordInput, path: '/api/linked-accounts', codeSent: false, failed: M.failed },
  send: {
    schema: LinkCodeRequest,
    path: '/api/linked-accounts/codes',
    codeSent: false,
    failed: CODE_MESSAGES.sendFailed,
  },
  verify: {
    schema: LinkByCodeInput,
    path: '/api/linked-accounts/verify',
    codeSent: true,
    failed: CODE_MESSAGES.verifyFailed,
  },
} as const;
const stepOf = (intent: string) => STEPS[intent === 'send' || intent === 'verify' ? intent : 'password'];

const unreachable = (intent: string, emailOrMobile: string): Answer => ({
  emailOrMobile,
  codeSent: stepOf(intent).codeSent,
  linked: false,
  alert: { tone: 'error', text: stepOf(intent).failed },
  errors: {},
});

/**
 * Link another account after proving it: by its password (intent=password), or by a code sent to it
 * (intent=send, then intent=verify). The password and code travel only in the POST body.
 */
export async function action({ request, url, context }: ActionArgs) {
  const form = await readForm(request);
  const { intent, ...fields } = formFields(form ?? new FormData(), FIELDS);
  const emailOrMobile = fields.emailOrMobile.slice(0, MAX_EMAIL_LENGTH);
  const answer = (change: Partial<Answer>, status = 200) =>
    data<Answer>(
      { emailOrMobile, codeSent: false, linked: false, alert: null, errors: {}, ...change },
      { status },
    );
  // requirements#linked-accounts: 'Please enter both Email/Mobile and Password.' is one message for the form
  const invalid = (errors: Record<string, string>, codeSent = false) =>
    answer({ errors, codeSent, alert: errors._ ? { tone: 'error', text: errors._ } : null }, 400);
  if (!form) return data(unreachable('password', ''), { status: 400 });

  const step = stepOf(intent);
  const parsed = step.schema.safeParse(fields);
  if (!parsed.success) return invalid(fieldErrors(parsed.error), step.codeSent);
  const api = actionApi(context);
  const result = await api.call('POST', step.path, SuccessMessage, parsed.data);
  if (result.ok) {
    const alert: Message = { tone: 'success', text: result.data.message };
    return intent === 'send'
      ? answer({ codeSent: true, alert })
      : answer({ linked: true, codeSent: step.codeSent, alert });
  }
  if (result.kind === 'unreachable') return data(unreachable(intent, emailOrMobile), { status: 503 });
  if (result.status === 401) return redirect(pathIn(url, loginPathFor(url)));
  const alert: Message = { tone: 'error', text: result.message };
  return answer({ codeSent: step.codeSent, errors: result.fields, alert }, result.status);
}

export function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  return unlessUnreachable(
    request,
    () => serverAction<typeof action>(),
    (posted) => unreachable(posted('intent'), posted('emailOrMobile')),
  );
}

/** /addaccount: link another account after proving it, by its password or a code sent to it (requirements#linked-accounts). */
export default function AddAccountPage() {
  const t = useT();
  const rich = useRichT();
  const say = useSigninText();
  const local = useLocalPath();
  const [params] = useSearchParams();
  const answer = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  // the way to prove the account is in the URL (?with=otp), so the tabs work without scripts
  const mode = params.get('with') === 'otp' ? 'code' : 'password';
  const errors: Record<string, string> = answer?.errors ?? {};
  const codeSent = mode === 'code' && answer?.codeSent === true;
  const linked = answer?.linked === true;
  // the accounts to switch to, in the page's language
  const switchPath = local(SWITCH_PATH);

  // the success message shows for 1500 ms, then the accounts to switch to
  useEffect(() => {
    if (!linked) return;
    const timer = window.setTimeout(() => void navigate(switchPath), SUCCESS_POPUP_MS);
    return () => window.clearTimeout(timer);
  }, [linked, answer, navigate, switchPath]);

  return (
    <AuthCard
      title={t('signin.addAccountTitle')}
      below={
        <p>
          <Link to={SWITCH_PATH}>{t('signin.backToAccounts')}</Link>
        </p>
      }
    >
      {/* without scripts the browser moves on by itself after the message */}
      {linked && !hydrated && (
        <meta httpEquiv="refresh" content={`${Math.ceil(SUCCESS_POPUP_MS / 1000)};url=${switchPath}`} />
      )}
      <Form method="get">
        <div className="auth-tabs" role="tablist" aria-label={t('signin.proveAccount')}>
          <button type="submit" name="with" value="password" role="tab" aria-selected={mode === 'password'}>
            {t('signin.withPassword')}
          </button>
          <button type="submit" name="with" value="otp" role="tab" aria-selected={mode === 'code'}>
            {t('signin.withOtp')}
          </button>
        </div>
      </Form>
      {answer?.alert && <Alert tone={answer.alert.tone}>{say(answer.alert.text)}</Alert>}
      <Form method="post" noValidate>
        <Field
          label={t('signin.emailOrMobile')}
          name="emailOrMobile"
          autoComplete="off"
          defaultValue={answer?.emailOrMobile}
          error={say(errors.emailOrMobile)}
          readOnly={codeSent}
        />
        {mode === 'password' && (
          <Field
            label={t('signin.password')}
            name="password"
            type="password"
            autoComplete="off"
            error={say(errors.password)}
          />
        )}
        {codeSent && (
          <Field
            label={t('signin.otp')}
            name="code"
            className="code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTHS.linkAccount}
            error={say(errors.code)}
          />
        )}
        <Button
          type="submit"
          variant="primary"
          block
          busy={busy || linked}
          name="intent"
          value={mode === 'password' ? 'password' : codeSent ? 'verify' : 'send'}
        >
          {mode === 'password'
            ? t('signin.addAccount')
            : codeSent
              ? t('signin.verifyAndAdd')
              : t('signin.sendOtp')}
        </Button>
      </Form>
      <p className="auth-note">
        {rich('signin.linkedNote', { b: (chunks: ReactNode[]) => <b>{chunks}</b> })}
      </p>
    </AuthCard>
  );
}
