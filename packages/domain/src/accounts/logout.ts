/** requirements#logout: what the shopper is told when logging out does not work. */
export const LOGOUT_MESSAGES = {
  /** the server answered without a success flag */
  failed: 'Logout failed',
  /** the request itself failed (network down, server unreachable) */
  error: 'There was an error while logging out.',
} as const;

/** Where a shopper lands after logging out (requirements#logout: go to /login, the page reloads). */
export const AFTER_LOGOUT_PATH = '/login';
