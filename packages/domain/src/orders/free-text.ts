// The boxes shoppers type into on the order pages (additional info, messages, feedback): lines and
// tabs are theirs to use; a NUL byte can never be stored (PostgreSQL text), nor another control
// character shown.
// eslint-disable-next-line no-control-regex -- control characters are what is refused
export const FREE_TEXT_PATTERN = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
