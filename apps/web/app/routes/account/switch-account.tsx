import { CODE_LENGTHS, CODE_MESSAGES } from '@marketplace/domain/accounts/codes';
import {
  AFTER_SWITCH_PATH,
  LINKED_ACCOUNT_MESSAGES as M,
  LinkedAccountList,
  SwitchAccountInput,
} from '@marketplace/domain/accounts/linked-accounts';
import { LoggedIn, SuccessMessage } from '@marketplace/domain/accounts/login';
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
import { Link } from '../../i18n/link.tsx';
import { AuthCard } from '../../components/account/form-parts.tsx';
import { pathIn } from '../../components/account/signin-paths.ts';
import { useSigninText } from '../../components/account/signin-texts.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { unlessUnreachable } from '../../components/account/when-unreachable.ts';
import { fieldErrors } from '../../lib/account-api.ts';
import { actionApi, formFields, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';

type Message = { tone: 'error' | 'success'; text: string };
/** The account a code went to (its id), and the messages. */
type Answer = { chosen: number | null; alert: Message | null; errors: Record<string, string> };

const FIELDS = ['intent', 'id', 'code'] as const;
const LINK_ID = /^[1-9][0-9]{0,9}$/;
const unreachable = (intent: string, id: string): Answer => ({
  chosen: intent === 'switch' && LINK_ID.test(id) ? Number(id) : null,
  alert: { tone: 'error', text: intent === 'switch' ? CODE_MESSAGES.verifyFailed : CODE_MESSAGES.sendFailed },
  errors: {},
});

/** The linked accounts, read on the server so the page needs no script (requirements#linked-accounts, swaccount.php). */
export async function loader({ request, context }: LoaderArgs) {
  const list = await loadFromApi(context, request, '/api/linked-accounts', LinkedAccountList);
  return { accounts: list?.accounts ?? [] };
}

/**
 * Send a code to a linked account (intent=send, with its id), then switch to it with the code
 * (intent=switch): this session ends and one for the linked account starts (its cookie comes back
 * with the redirect). The code travels only in the POST body.
 */
export async function action({ request, url, context }: ActionArgs) {
  const form = await readForm(request);
  const { intent, id, code } = formFields(form ?? new FormData(), FIELDS);
  const chosen = LINK_ID.test(id) ? Number(id) : null;
  const answer = (change: Partial<Answer>, status = 200) =>
    data<Answer>({ chosen, alert: null, errors: {}, ...change }, { status });
  if (!form) return data(unreachable('send', ''), { status: 400 });
  if (chosen === null) return answer({ alert: { tone: 'error', text: M.notLinked } }, 404);
  const api = actionApi(context);

  if (intent === 'switch') {
    const parsed = SwitchAccountInput.safeParse({ code });
    if (!parsed.success) return answer({ errors: fieldErrors(parsed.error) }, 400);
    const result = await api.call('POST', `/api/linked-accounts/${chosen}/switch`, LoggedIn, parsed.data);
    if (result.ok) return redirect(pathIn(url, AFTER_SWITCH_PATH), { headers: api.headers });
    if (result.kind === 'unreachable') return data(unreachable(intent, id), { status: 503 });
    if (result.status === 401) return redirect(pathIn(url, loginPathFor(url)));
    return answer({ alert: { tone: 'error', text: result.message } }, result.status);
  }

  const result = await api.call('POST', `/api/linked-accounts/${chosen}/codes`, SuccessMessage);
  if (result.ok) return answer({ alert: { tone: 'success', text: result.data.message } });
  if (result.kind === 'unreachable') return data(unreachable(intent, id), { status: 503 });
  if (result.status === 401) return redirect(pathIn(url, loginPathFor(url)));
  // asked again too soon, the code sent before still works: its form stays
  const alert: Message = { tone: 'error', text: result.message };
  return answer({ chosen: result.status === 429 ? chosen : null, alert }, result.status);
}

export function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  return unlessUnreachable(
    request,
    () => serverAction<typeof action>(),
    (posted) => unreachable(posted('intent'), posted('id')),
  );
}

/** /switchaccount: choose a linked account, a code is sent to it, verify, land on its profile (requirements#linked-accounts). */
export default function SwitchAccountPage() {
  const t = useT();
  const rich = useRichT();
  const say = useSigninText();
  const { accounts } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const chosen = accounts.find((account) => account.id === answer?.chosen) ?? null;
  const errors: Record<string, string> = answer?.errors ?? {};

  return (
    <AuthCard
      title={t('signin.switchAccount')}
      below={
        <p>
          <Link to="/addaccount">{t('signin.addAnotherAccount')}</Link> ·{' '}
          <Link to="/settings">{t('signin.backToSettings')}</Link>
        </p>
      }
    >
      {answer?.alert && <Alert tone={answer.alert.tone}>{say(answer.alert.text)}</Alert>}
      {accounts.length === 0 ? (
        <p className="auth-note">{t('signin.noLinkedAccounts')}</p>
      ) : (
        <ul className="account-cards" aria-label={t('signin.linkedAccounts')}>
          {accounts.map((account) => (
            <li key={account.id} className={`account-card${chosen?.id === account.id ? ' chosen' : ''}`}>
              <span className="account-avatar" aria-hidden="true">
                {account.firstName.slice(0, 1).toUpperCase()}
              </span>
              {/* the account's own name and contacts, as stored */}
              <span className="account-who" translate="no">
                <b>{account.firstName}</b>
                <span>{account.email}</span>
                {account.mobile && <span>{account.mobile}</span>}
              </span>
              <Form method="post">
                <input type="hidden" name="id" value={account.id} />
                <Button
                  type="submit"
                  variant="primary"
                  small
                  name="intent"
                  value="send"
                  disabled={busy}
                  aria-label={t('signin.switchTo', { name: account.firstName, email: account.email })}
                >
                  {chosen?.id === account.id ? t('signin.resend') : t('signin.switch')}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {chosen && (
        <Form method="post" replace noValidate>
          <input type="hidden" name="id" value={chosen.id} />
          <Field
            label={rich('signin.otpSentToName', {
              name: <span translate="no">{chosen.firstName}</span>,
            })}
            name="code"
            className="code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTHS.switchAccount}
            error={say(errors.code)}
          />
          <Button type="submit" variant="primary" block busy={busy} name="intent" value="switch">
            {t('signin.verifyAndSwitch')}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
