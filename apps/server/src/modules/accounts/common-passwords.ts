import { dictionary } from '@zxcvbn-ts/language-common';

// zxcvbn-ts's list of the most used passwords from public breaches (about 49,000), kept up by its
// maintainers; read into a set once, at the first new password
let common: Set<string> | undefined;

/** True for a password that is on the common list, whatever its letter case (ASVS 6.2.4). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.normalize('NFKC').toLowerCase());
}
