import { z } from 'zod';

/** An Indian pincode: six digits, not starting with 0. */
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;
export const PINCODE_MESSAGE = 'Pincode must be six digits.';

export const Pincode = z
  .string({ error: PINCODE_MESSAGE })
  .trim()
  .regex(PINCODE_PATTERN, { error: PINCODE_MESSAGE });
export type Pincode = z.infer<typeof Pincode>;

/** spec §9: a mobile number is 10 digits starting 6 to 9. */
export const MOBILE_PATTERN = /^[6-9][0-9]{9}$/;

/** The pincode a visitor sees before choosing one. */
export const DEFAULT_PINCODE = '600100';
