import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords.ts';

describe('isCommonPassword', () => {
  it.each(['123456', 'password', 'Password', 'iloveyou', 'qwerty123', '12345678'])('finds %j', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['Shopper@123', 'kavya-pass', 'Fresh#2025', 'correct horse battery staple'])(
    'lets %j through',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});
