// A message for the next page a form's action sends the shopper to ("Address saved"), in a
// short-lived cookie: it reaches that page with scripts or without (navigation state needs scripts).
export type Flash = { kind: 'success' | 'error'; text: string };

const FLASH_COOKIE = 'flash';
const FLASH_MAX_AGE_S = 60;

/** The Set-Cookie header that carries a message to the next page. */
export function flashCookie(flash: Flash): string {
  const value = encodeURIComponent(JSON.stringify({ kind: flash.kind, text: flash.text.slice(0, 300) }));
  return `${FLASH_COOKIE}=${value}; Path=/; Max-Age=${FLASH_MAX_AGE_S}; HttpOnly; SameSite=Lax`;
}

/** The message waiting for this page, if any, and the header that clears it once shown. */
export function takeFlash(request: Request): { flash: Flash | null; headers: Headers } {
  const headers = new Headers();
  const raw = (request.headers.get('cookie') ?? '')
    .split(/;\s*/)
    .find((part) => part.startsWith(`${FLASH_COOKIE}=`))
    ?.slice(FLASH_COOKIE.length + 1);
  if (raw === undefined) return { flash: null, headers };
  headers.append('set-cookie', `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
  try {
    const value: unknown = JSON.parse(decodeURIComponent(raw));
    if (
      typeof value === 'object' &&
      value !== null &&
      'kind' in value &&
      'text' in value &&
      (value.kind === 'success' || value.kind === 'error') &&
      typeof value.text === 'string'
    )
      return { flash: { kind: value.kind, text: value.text }, headers };
  } catch {
    // a tampered or broken cookie shows nothing
  }
  return { flash: null, headers };
}
