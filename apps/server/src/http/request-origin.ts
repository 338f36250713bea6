import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_LANGUAGE, type Language } from '@marketplace/domain/i18n/languages';

/**
 * requirements#staff-security-events: where the request being served came from and who it acts
 * for, kept beside the request while it is served (ASVS 5.0 V16: who, when, where). The audit log
 * writes it on every row written in the request; the request's log line carries the acting user.
 */
export type RequestOrigin = {
  /** the client's address (TRUST_PROXY decides which header is believed); null until known */
  ip: string | null;
  /** the browser's User-Agent, at most USER_AGENT_MAX characters */
  userAgent: string | null;
  /** the logged-in account the request acts for, once its session cookie was read */
  userId: number | null;
  /** requirements#message-languages: the language of the shop page the request came from */
  language: Language;
};

export const USER_AGENT_MAX = 400;

const store = new AsyncLocalStorage<RequestOrigin>();

/** Serves `work` with `origin` as the request's origin. */
export function withOrigin<T>(origin: RequestOrigin, work: () => T): T {
  return store.run(origin, work);
}

/** The origin of the request being served, or null outside a request (jobs, the command line). */
export function currentOrigin(): RequestOrigin | null {
  return store.getStore() ?? null;
}

/**
 * requirements#message-languages: the language what the request sends speaks (a sign-in code, a
 * welcome): its page's; English outside a request.
 */
export function messageLanguage(): Language {
  return store.getStore()?.language ?? DEFAULT_LANGUAGE;
}

/** Notes the account a request acts for (its session cookie was read and is live). */
export function noteActingUser(userId: number | null): void {
  const origin = store.getStore();
  if (origin && userId !== null) origin.userId = userId;
}

/** A User-Agent as stored: control characters dropped, cut at USER_AGENT_MAX characters. */
export function storedUserAgent(value: string | undefined): string | null {
  // eslint-disable-next-line no-control-regex
  const clean = (value ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean === '' ? null : clean.slice(0, USER_AGENT_MAX);
}
