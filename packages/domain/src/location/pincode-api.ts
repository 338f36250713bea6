// The pincode API's requests and answers (`/api/pincodes/*`), shared by the server routes and the
// pages. Kept apart from pincode.ts, whose rules the storefront's scripts import without zod.
import { z } from 'zod';

export const SixDigits = z.string().regex(/^[0-9]{6}$/, 'Pincode must be six digits.');

/** A known pincode and its place. */
export const Pincode = z
  .object({
    pincode: z.string(),
    city: z.string().describe('Sub-district (taluk) the pincode lies in'),
    locality: z.string().describe('The first post office of the pincode'),
    district: z.string(),
    state: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    isServiceable: z.boolean().describe('Whether sellers deliver here'),
    hasCod: z.boolean().describe('Whether cash on delivery is offered here'),
  })
  .meta({ id: 'Pincode' });
export type Pincode = z.infer<typeof Pincode>;

/** `GET /api/pincodes/nearest`: the nearest pincode and its distance. */
export const NearestPincode = Pincode.extend({ distanceKm: z.number() }).meta({ id: 'NearestPincode' });
export type NearestPincode = z.infer<typeof NearestPincode>;

/** `POST /api/pincodes/check`: the delivery-location picker's check (the spec's check_pincode). */
export const PincodeCheck = z.object({ pincode: SixDigits }).meta({ id: 'PincodeCheck' });
export type PincodeCheck = z.infer<typeof PincodeCheck>;

export const PincodeAvailability = z
  .object({ available: z.boolean(), place: Pincode.nullable() })
  .meta({ id: 'PincodeAvailability', description: 'available is false for an unknown or unserved pincode' });
export type PincodeAvailability = z.infer<typeof PincodeAvailability>;
