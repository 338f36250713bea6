import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSecretKey, secretBox } from './secret-box.ts';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('the staff secret box', () => {
  it('seals a secret so the stored text does not hold it, and opens it again', () => {
    const box = secretBox(randomBytes(32));
    const sealed = box.seal(SECRET);
    expect(sealed).not.toContain(SECRET);
    expect(box.isSealed(sealed)).toBe(true);
    expect(box.open(sealed)).toBe(SECRET);
    // a new nonce each time: the same secret never looks the same twice
    expect(box.seal(SECRET)).not.toBe(sealed);
  });

  it('refuses a sealed secret changed in the database, or opened with another key', () => {
    const key = randomBytes(32);
    const sealed = secretBox(key).seal(SECRET);
    const last = sealed.at(-1) === 'A' ? 'B' : 'A';
    expect(() => secretBox(key).open(sealed.slice(0, -1) + last)).toThrow();
    expect(() => secretBox(randomBytes(32)).open(sealed)).toThrow();
    expect(() => secretBox(null).open(sealed)).toThrow(/STAFF_TOTP_KEY/);
  });

  it('reads a secret stored before the key was set, and keeps secrets as they are without a key', () => {
    expect(secretBox(randomBytes(32)).open(SECRET)).toBe(SECRET);
    const plain = secretBox(null);
    expect(plain.hasKey).toBe(false);
    expect(plain.seal(SECRET)).toBe(SECRET);
    expect(plain.open(SECRET)).toBe(SECRET);
    expect(() => secretBox(randomBytes(16))).toThrow();
  });

  it.each([
    ['00'.repeat(32), 32],
    ['AB'.repeat(32), 32],
    [randomBytes(32).toString('base64'), 32],
    [randomBytes(32).toString('base64url'), 32],
    ['00'.repeat(31), null],
    [randomBytes(16).toString('base64'), null],
    ['not a key', null],
    ['', null],
  ])('reads the key %s as %s bytes', (text, bytes) => {
    expect(parseSecretKey(text)?.length ?? null).toBe(bytes);
  });
});
