import { toSVG } from 'bwip-js/node';
import { Secret, TOTP } from 'otpauth';
import { TOTP_ISSUER } from '@marketplace/domain/admin/staff-api';

// RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds
const PERIOD_SECONDS = 30;
// a code of the step before or after is accepted too: a phone's clock drifts, typing takes time
const WINDOW_STEPS = 1;

const totpOf = (secret: string, account = '') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://` address an authenticator app reads from the QR code. */
export const totpUri = (secret: string, account: string): string => totpOf(secret, account).toString();

/** The QR code of an `otpauth://` address, as SVG. */
export const qrSvg = (uri: string): string =>
  toSVG({ bcid: 'qrcode', text: uri, scale: 4, paddingwidth: 4, paddingheight: 4 });

/**
 * The time step a right code belongs to, or null. A step at or before `lastStep` is refused: each
 * code is used once, so one seen over a shoulder cannot be replayed.
 */
export function acceptedStep(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): number | null {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: WINDOW_STEPS });
  if (delta === null) return null;
  const step = totp.counter({ timestamp: now.getTime() }) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code an authenticator app shows at `now` (tests, and nothing else, need it). */
export const codeAt = (secret: string, now: Date): string =>
  totpOf(secret).generate({ timestamp: now.getTime() });
