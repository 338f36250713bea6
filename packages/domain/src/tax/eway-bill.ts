// requirements#eway-bill: Part A of the e-way bill (Form GST EWB-01) a consignment above ₹50,000 needs
// before it moves (CGST rule 138), and how long the bill stays valid for the distance it travels.
import { z } from 'zod';

/** CGST rule 138(1): a consignment whose value exceeds ₹50,000 moves with an e-way bill. */
export const EWAY_BILL_THRESHOLD_PAISE = 50_000_00;

/**
 * The consignment's value as rule 138 counts it: the invoice's value with its tax, less the value of
 * exempt and nil-rated supplies (rule 138, Explanation 2). Lines at rate 0 are left out.
 */
export function consignmentValuePaise(lines: readonly { valuePaise: number; ratePercent: number }[]): number {
  return lines.reduce((total, line) => total + (line.ratePercent > 0 ? line.valuePaise : 0), 0);
}

export const isEwayBillDue = (valuePaise: number) => valuePaise > EWAY_BILL_THRESHOLD_PAISE;

/**
 * CGST rule 138(10) as amended by Notification 94/2020-Central Tax (from 1 Jan 2021): a day of validity
 * for every 200 km or part of it (cargo other than over-dimensional), each day ending at midnight of the
 * day after the bill's date. A distance outside 1 to 4,000 km is refused (the portal's own limit).
 */
export const EWAY_KM_PER_DAY = 200;
export const EWAY_MAX_DISTANCE_KM = 4000;
const DAY_MS = 24 * 60 * 60 * 1000;
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

export function ewayValidityDays(distanceKm: number): number {
  if (!Number.isInteger(distanceKm) || distanceKm < 1 || distanceKm > EWAY_MAX_DISTANCE_KM)
    throw new RangeError(`An e-way bill's distance is 1 to ${EWAY_MAX_DISTANCE_KM} km: ${distanceKm}`);
  return Math.ceil(distanceKm / EWAY_KM_PER_DAY);
}

/** The last instant an e-way bill generated at `generatedAt` is valid: midnight IST ending its last day. */
export function ewayValidUntil(generatedAt: Date, distanceKm: number): Date {
  const istDay = Math.floor((generatedAt.getTime() + IST_OFFSET_MS) / DAY_MS);
  return new Date((istDay + ewayValidityDays(distanceKm) + 1) * DAY_MS - IST_OFFSET_MS - 1000);
}

/**
 * The road distance for the bill from the two pincodes' coordinates: the great-circle distance with a
 * quarter added for the road's turns, at least 1 km (the portal accepts up to 10 % over its own
 * pincode-to-pincode figure; ADR-0042).
 */
export function roadDistanceKm(from: { lat: number; lng: number }, to: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(to.lat - from.lat);
  const dLng = rad(to.lng - from.lng);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(from.lat)) * Math.cos(rad(to.lat)) * Math.sin(dLng / 2) ** 2;
  const km = 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
  return Math.min(EWAY_MAX_DISTANCE_KM, Math.max(1, Math.ceil(km * 1.25)));
}

/** Part A as the portal takes it (EWB-01 fields A1 to A9), for a supply (`O`, outward) by road. */
export const EwayPartA = z.object({
  supplyType: z.literal('O'),
  subSupplyType: z.literal('1'), // supply
  docType: z.literal('INV'),
  docNo: z.string().regex(/^[a-zA-Z1-9][a-zA-Z0-9/-]{0,15}$/),
  docDate: z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/),
  fromGstin: z.string().length(15),
  fromPincode: z.number().int().min(100000).max(999999),
  fromStateCode: z.number().int().min(1).max(99),
  toGstin: z.string().min(3).max(15), // URP: an unregistered recipient
  toPincode: z.number().int().min(100000).max(999999),
  toStateCode: z.number().int().min(1).max(99),
  totInvValue: z.number().positive(),
  mainHsnCode: z.string().regex(/^\d{4,8}$/),
  transDistance: z.number().int().min(1).max(EWAY_MAX_DISTANCE_KM),
  transMode: z.literal('1'), // road
});
export type EwayPartA = z.infer<typeof EwayPartA>;
