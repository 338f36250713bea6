import {
  MESSAGE_PREFERENCE_MESSAGES as M,
  MessagePreferences,
  MessagePreferencesSaved,
  PREFERENCE_CHANNELS,
  PREFERENCE_ROWS,
} from '@marketplace/domain/accounts/message-preferences';
import { localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { type MessageKey, useT } from '../../i18n/intl.tsx';
import { AccountPage } from '../../components/account/account-page.tsx';
import { errorNotice, Notice, successNotice } from '../../components/account/notice.tsx';
import { Button } from '../../components/ui/button.tsx';
import { actionApi, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';

const FIELDS = Object.keys(MessagePreferences.shape) as (keyof MessagePreferences)[];

/** Each row's title and text, by the row's SMS field. */
const ROW_KEYS = {
  smsUpdates: { title: 'profile.messages.updates', text: 'profile.messages.updatesText' },
  smsOffers: { title: 'profile.messages.offers', text: 'profile.messages.offersText' },
} as const satisfies Record<(typeof PREFERENCE_ROWS)[number]['fields']['sms'], Record<string, MessageKey>>;

const CHANNEL_KEYS = {
  sms: 'profile.messages.sms',
  whatsapp: 'profile.messages.whatsapp',
  email: 'profile.messages.email',
} as const satisfies Record<(typeof PREFERENCE_CHANNELS)[number]['key'], MessageKey>;

export async function loader({ request, url, context }: LoaderArgs) {
  const preferences = await loadFromApi(
    context,
    request,
    '/api/profile/message-preferences',
    MessagePreferences,
  );
  if (!preferences)
    return redirect(localizedPath(splitLanguage(url.pathname).language, loginPathFor(request)));
  return { preferences };
}

/**
 * Saves the six choices from the posted form: a ticked box comes as `on`, an unticked one not at
 * all. Anything else (another value, a field twice) is refused, never guessed.
 */
export async function action({ request, url, context }: ActionArgs) {
  const refused = (status: number, text: string = M.invalid) =>
    data({ notice: errorNotice(text), preferences: null }, { status });
  const form = await readForm(request);
  if (!form) return refused(400);
  const chosen = {} as MessagePreferences;
  for (const field of FIELDS) {
    const values = form.getAll(field);
    if (values.length > 1 || (values.length === 1 && values[0] !== 'on')) return refused(400);
    chosen[field] = values.length === 1;
  }
  const result = await actionApi(context).call(
    'PUT',
    '/api/profile/message-preferences',
    MessagePreferencesSaved,
    chosen,
  );
  if (result.ok)
    return data({ notice: successNotice(result.data.message), preferences: result.data.preferences });
  if (result.kind === 'unreachable') return refused(503, M.failed);
  if (result.status === 401)
    return redirect(localizedPath(splitLanguage(url.pathname).language, loginPathFor(request)));
  return refused(result.status, result.message || M.failed);
}

/** /messagepreferences: what the shopper gets by SMS, WhatsApp and email (requirements#message-preferences). */
export default function MessagePreferencesPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const t = useT();
  const saving = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const preferences = answer?.preferences ?? loaded.preferences;
  return (
    <AccountPage title={t('profile.messages.title')} narrow>
      <Notice notice={answer?.notice ?? null} />
      <section className="message-always" aria-labelledby="always-title">
        <h2 id="always-title">{t('profile.messages.alwaysTitle')}</h2>
        <p>{t('profile.messages.always')}</p>
      </section>
      {/* the key resets the boxes to what was saved after each answer */}
      <Form method="post" className="message-form" key={JSON.stringify(preferences)}>
        <fieldset>
          <legend>{t('profile.messages.choices')}</legend>
          <p className="message-hint">{t('profile.messages.whatsappOptIn')}</p>
          {PREFERENCE_ROWS.map((row) => (
            <div
              className="message-row"
              key={row.title}
              role="group"
              aria-labelledby={`row-${row.fields.sms}`}
            >
              <div className="message-what">
                <h3 id={`row-${row.fields.sms}`}>{t(ROW_KEYS[row.fields.sms].title)}</h3>
                <p>{t(ROW_KEYS[row.fields.sms].text)}</p>
              </div>
              <div className="message-channels">
                {PREFERENCE_CHANNELS.map((channel) => {
                  const name = row.fields[channel.key];
                  return (
                    <label key={channel.key} className="message-toggle">
                      <input type="checkbox" name={name} defaultChecked={preferences[name]} />
                      <span>{t(CHANNEL_KEYS[channel.key])}</span>
                    </label>
                  );
                })}
              </div>
            </div>
          ))}
        </fieldset>
        <div className="form-actions">
          <Button type="submit" busy={saving}>
            {saving ? t('profile.saving') : t('profile.messages.save')}
          </Button>
        </div>
      </Form>
    </AccountPage>
  );
}
