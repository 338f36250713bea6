// A visitor's cart lives in the browser's storage, which the server cannot read. The browser
// mirrors how many lines it holds in a cookie, so the cart page's first HTML already has the right
// shape: the empty cart when there is nothing, room for the lines when there is something.

export const CART_LINES_COOKIE = 'cartLines';

/** The most lines the mirror tells apart; the room the page keeps stops growing well before. */
const MOST_LINES = 99;

/** The Set-Cookie / document.cookie text mirroring a cart of `lines` lines. */
export function cartLinesCookie(lines: number): string {
  const count = Math.max(0, Math.min(MOST_LINES, Math.trunc(lines)));
  return `${CART_LINES_COOKIE}=${count}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/**
 * How many lines the browser's cart held when it last looked, from a Cookie header: 0 when no
 * mirror was ever set (a first visit has an empty cart), null when the mirror is unreadable.
 */
export function cartLinesFromCookies(cookieHeader: string | null | undefined): number | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== CART_LINES_COOKIE) continue;
    const value = rest.join('=').trim();
    return /^[0-9]{1,2}$/.test(value) ? Number(value) : null;
  }
  return 0;
}
