// The pages' words in the shopper's language (requirements#languages, ADR-0063): one FormatJS
// provider fed by the root loader with the page's language and its parsed messages, a `t` that
// formats an ICU message, and links that keep the current language.
import { type ReactNode, useEffect, useMemo } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { useLocation, useRouteLoaderData } from 'react-router';
import {
  DEFAULT_LANGUAGE,
  formatDateIn,
  type Language,
  LANGUAGE_LOCALES,
  localizedPath,
  splitLanguage,
} from '@marketplace/domain/i18n/languages';
import { arrivalDate } from '@marketplace/domain/delivery/arrival';
import type en from './messages/en.json';
import type signin from './messages/signin/en.json';
import type checkout from './messages/checkout/en.json';
import type orders from './messages/orders/en.json';
import type profile from './messages/profile/en.json';

/** A message of the shop's catalog or of an area's (an area's only on that area's pages). */
export type MessageKey = keyof (typeof en & typeof signin & typeof checkout & typeof orders & typeof profile);
export type MessageValues = Record<string, string | number | Date | null | undefined>;

export type RootI18n = { language: Language; messages: Record<string, MessageFormatElement[]> };

/** The page's language and messages from the root loader; English without messages if it has none. */
export function useRootI18n(): RootI18n {
  const loaded = useRouteLoaderData<RootI18n>('root');
  const location = useLocation();
  return loaded ?? { language: splitLanguage(location.pathname).language, messages: {} };
}

function onIntlError(error: { code?: string; message?: string }) {
  // English fills every key a translation lacks (catalog.server.ts), so a missing message is a key
  // used outside its area's pages, which would show the key itself: loud, so tests catch it
  console.error(error.code === 'MISSING_TRANSLATION' ? error.message : error);
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  const { language, messages } = useRootI18n();
  useEffect(() => {
    const locale = LANGUAGE_LOCALES[language];
    if (document.documentElement.lang !== locale) document.documentElement.lang = locale;
  }, [language]);
  return (
    <IntlProvider
      locale={LANGUAGE_LOCALES[language]}
      defaultLocale={LANGUAGE_LOCALES[DEFAULT_LANGUAGE]}
      messages={messages}
      onError={onIntlError}
    >
      {children}
    </IntlProvider>
  );
}

/**
 * An area's messages beside the shop's (requirements#languages): the account area's layout wraps
 * its pages in this with the catalogs its loader sent.
 */
export function AreaMessages({
  messages,
  children,
}: {
  messages: Record<string, MessageFormatElement[]>;
  children: ReactNode;
}) {
  const root = useRootI18n();
  const all = useMemo(() => ({ ...root.messages, ...messages }), [root.messages, messages]);
  return (
    <IntlProvider
      locale={LANGUAGE_LOCALES[root.language]}
      defaultLocale={LANGUAGE_LOCALES[DEFAULT_LANGUAGE]}
      messages={all}
      onError={onIntlError}
    >
      {children}
    </IntlProvider>
  );
}

/** The page's language. */
export function useLanguage(): Language {
  return useRootI18n().language;
}

/** `t('cart.title')`, `t('cart.items', { count })`: a message of the page's language as text. */
export function useT() {
  const intl = useIntl();
  return (key: MessageKey, values?: MessageValues) => intl.formatMessage({ id: key }, values);
}

/** `rich('footer.credit', { link: (text) => <a …>{text}</a> })`: a message with elements inside. */
export function useRichT() {
  const intl = useIntl();
  return (key: MessageKey, values: Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>) =>
    intl.formatMessage({ id: key }, values as never) as ReactNode;
}

/** A path of this site in the page's language: '/cart' on a Hindi page is '/hi/cart'. */
export function useLocalPath() {
  const language = useLanguage();
  return (href: string) => localizedPath(language, href);
}

/**
 * The shop's own menu entries as the operator stored them (footer lists, policy pages), in the
 * page's language where the catalog has them under `content.<English name>`; anything else
 * (a product, brand, seller or an entry staff added since) stays as stored.
 */
export function useContentName() {
  const intl = useIntl();
  return (name: string) => {
    const key = `content.${name}`;
    return key in intl.messages ? intl.formatMessage({ id: key }) : name;
  };
}

/**
 * requirements#arrival-date in the page's language: the server's English date as it is, else the
 * same day (today plus the option's arriving days, India's time) with the language's own names.
 */
export function useArrivalText() {
  const language = useLanguage();
  return (option: { arrival: string; arrivingDays: number }) =>
    language === DEFAULT_LANGUAGE
      ? option.arrival
      : formatDateIn(language, arrivalDate(new Date(), option.arrivingDays), {
          weekday: 'short',
          day: 'numeric',
          month: 'short',
        });
}

/** A date or time in the page's language, India's time ('६ दिस॰' is not used: digits stay Latin). */
export function useDateText() {
  const language = useLanguage();
  return (date: Date | string, options: Intl.DateTimeFormatOptions) => formatDateIn(language, date, options);
}

const DELIVERY_LABEL_KEYS: Record<string, MessageKey> = {
  standard: 'delivery.standard',
  express: 'delivery.express',
  twodays: 'delivery.twodays',
  oneday: 'delivery.oneday',
  sameday: 'delivery.sameday',
};

/** requirements#delivery-types: a delivery type's label in the catalogs. */
export function deliveryLabelKey(deliveryType: string): MessageKey {
  return DELIVERY_LABEL_KEYS[deliveryType] ?? 'delivery.standard';
}

/**
 * A message the server wrote in English (a validation or refusal the spec words), in the page's
 * language: `known` maps the domain's English texts to their keys; any other text shows as sent.
 * `const say = useServerText(SIGNIN_SERVER_TEXTS); say(answer.message)`.
 */
export function useServerText(known: Readonly<Record<string, MessageKey>>) {
  const t = useT();
  return (text: string) => {
    const key = Object.hasOwn(known, text) ? known[text] : undefined;
    return key ? t(key) : text;
  };
}
