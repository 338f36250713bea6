import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { REPEAT_CLICK_WINDOW_MS } from '@marketplace/domain/marketing/ads';

// A visitor (no session) has no id to find their earlier clicks by, so their browser keeps the ads
// it clicked in the last minute in a short-lived cookie: a repeat click is recorded but not charged.
// Light protection only: a client that drops cookies is charged each time, like any ad network's
// first line before fraud analysis.

export const RECENT_CLICKS_COOKIE = 'recent_ad_clicks';
const MAX_ENTRIES = 20;

type Entry = { key: string; at: number };

function read(c: Context, now: Date): Entry[] {
  const raw = getCookie(c, RECENT_CLICKS_COOKIE) ?? '';
  return raw
    .slice(0, 1_000)
    .split('.')
    .flatMap((part) => {
      const match = /^([cd]\d{1,10})-(\d{1,13})$/.exec(part);
      if (!match?.[1] || !match[2]) return [];
      const at = Number(match[2]);
      return now.getTime() - at < REPEAT_CLICK_WINDOW_MS && at <= now.getTime()
        ? [{ key: match[1], at }]
        : [];
    });
}

/** Whether this browser clicked the ad (`c12` campaign, `d5` deal) within the window; remembers this click. */
export function visitorRepeatsClick(c: Context, key: string, now: Date): boolean {
  const entries = read(c, now);
  const repeat = entries.some((entry) => entry.key === key);
  const kept = [{ key, at: now.getTime() }, ...entries.filter((entry) => entry.key !== key)].slice(
    0,
    MAX_ENTRIES,
  );
  setCookie(c, RECENT_CLICKS_COOKIE, kept.map((entry) => `${entry.key}-${entry.at}`).join('.'), {
    path: '/api',
    httpOnly: true,
    sameSite: 'Lax',
    maxAge: REPEAT_CLICK_WINDOW_MS / 1000,
  });
  return repeat;
}
