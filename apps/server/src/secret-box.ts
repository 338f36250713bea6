import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// ADR-0028: staff authenticator secrets are kept encrypted under a key held outside the database
// (STAFF_TOTP_KEY), so a copy of the database alone does not let anyone make console codes.

const SEALED = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Seals and opens the secrets written to `staff`: AES-256-GCM under the operator's key. */
export type SecretBox = {
  /** whether secrets are encrypted: a key was given */
  readonly hasKey: boolean;
  seal(secret: string): string;
  /** a stored secret in clear; one written before the key was set is read as it is */
  open(stored: string): string;
  isSealed(stored: string): boolean;
};

/** The box of a 32-byte key, or, without one (development and tests), secrets kept as they are. */
export function secretBox(key: Buffer | null): SecretBox {
  if (key !== null && key.length !== 32) throw new Error('the staff secret key must be 32 bytes');
  const isSealed = (stored: string) => stored.startsWith(SEALED);
  return {
    hasKey: key !== null,
    isSealed,
    seal(secret) {
      if (key === null) return secret;
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return SEALED + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      if (key === null) throw new Error('a staff secret is encrypted: set STAFF_TOTP_KEY to read it');
      const bytes = Buffer.from(stored.slice(SEALED.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/** STAFF_TOTP_KEY as set: 64 hex digits or the base64 of 32 bytes (`openssl rand -base64 32`). */
export function parseSecretKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value, value.includes('-') || value.includes('_') ? 'base64url' : 'base64');
    return bytes.length === 32 ? bytes : null;
  }
  return null;
}
