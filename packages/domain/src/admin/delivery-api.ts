// requirements#operator-delivery: the delivery rate card, the pincodes without delivery or without
// cash on delivery, and the cash-on-delivery limit, as staff change them in the console; one
// contract for the server's routes and the console's page.
import { z } from 'zod';
import { DELIVERY_TYPES, type DeliveryType, ZONES, type Zone } from '../delivery/constants.ts';
import { COD_MAX_TOTAL_PAISE } from '../orders/cod.ts';

export const DELIVERY_MESSAGES = {
  charge: 'Enter the charge in rupees, from ₹0 to ₹10,000, with at most 2 decimals.',
  days: 'Enter the days to arrive as a whole number from 0 to 30.',
  sameDayLocal: 'Same-Day Delivery can only be offered in the local zone.',
  rateUnknown: 'There is no such delivery type and zone on the rate card.',
  codLimit: 'Enter the cash-on-delivery limit in rupees, from ₹1 to ₹5,00,000, with at most 2 decimals.',
  change: 'Choose what to do with the pincodes.',
  noPincodes: 'Enter or upload at least one pincode.',
  tooManyPincodes: (max: number) => `At most ${max.toLocaleString('en-IN')} pincodes at a time.`,
  notPincode: 'Not a 6-digit pincode.',
  unknownPincode: 'Not a pincode we know.',
} as const;

/** The highest delivery charge a rate may carry: ₹10,000. */
export const MAX_DELIVERY_CHARGE_PAISE = 1_000_000;
export const MAX_ARRIVING_DAYS = 30;
/** The cash-on-delivery limit stays within ₹1 and ₹5,00,000; the default is requirements#cod-limit's. */
export const COD_LIMIT_RANGE = { min: 100, max: 50_000_000, default: COD_MAX_TOTAL_PAISE } as const;
/** Pincodes one change may name. */
export const MAX_PINCODES_PER_CHANGE = 20_000;
/** The pincode list's text or CSV file, at most this many characters. */
export const MAX_PINCODE_TEXT = 400_000;

/** What a change does to the pincodes it names. */
export const PINCODE_CHANGES = ['unserviceable', 'serviceable', 'no-cod', 'cod'] as const;
export type PincodeChange = (typeof PINCODE_CHANGES)[number];
export const PINCODE_CHANGE_LABELS: Record<PincodeChange, string> = {
  unserviceable: 'Stop delivering to them',
  serviceable: 'Deliver to them again',
  'no-cod': 'Stop cash on delivery to them',
  cod: 'Allow cash on delivery to them again',
};

export const ZONE_LABELS: Record<Zone, string> = {
  local: 'Local',
  regional: 'Regional',
  national: 'National',
  remote: 'Remote',
};

export const RateCardRow = z.object({
  deliveryType: z.enum(DELIVERY_TYPES),
  zone: z.enum(ZONES),
  isAvailable: z.boolean(),
  chargePaise: z.number().int().nonnegative(),
  arrivingDays: z.number().int().nonnegative(),
  hasCod: z.boolean(),
});
export type RateCardRow = z.infer<typeof RateCardRow>;

/** One rate as staff set it: whether the type reaches the zone, its charge, days and cash on delivery. */
export const RateInput = z.object({
  isAvailable: z.boolean(),
  chargePaise: z
    .number({ error: DELIVERY_MESSAGES.charge })
    .int(DELIVERY_MESSAGES.charge)
    .min(0, DELIVERY_MESSAGES.charge)
    .max(MAX_DELIVERY_CHARGE_PAISE, DELIVERY_MESSAGES.charge),
  arrivingDays: z
    .number({ error: DELIVERY_MESSAGES.days })
    .int(DELIVERY_MESSAGES.days)
    .min(0, DELIVERY_MESSAGES.days)
    .max(MAX_ARRIVING_DAYS, DELIVERY_MESSAGES.days),
  hasCod: z.boolean(),
});
export type RateInput = z.infer<typeof RateInput>;

/** requirements#delivery-zones: same-day delivery is local only; a rate elsewhere may exist, switched off. */
export function rateRefusal(
  type: DeliveryType,
  zone: Zone,
  rate: Pick<RateInput, 'isAvailable'>,
): string | null {
  return type === 'sameday' && zone !== 'local' && rate.isAvailable ? DELIVERY_MESSAGES.sameDayLocal : null;
}

export const CodLimitInput = z.object({
  codLimitPaise: z
    .number({ error: DELIVERY_MESSAGES.codLimit })
    .int(DELIVERY_MESSAGES.codLimit)
    .min(COD_LIMIT_RANGE.min, DELIVERY_MESSAGES.codLimit)
    .max(COD_LIMIT_RANGE.max, DELIVERY_MESSAGES.codLimit),
});
export type CodLimitInput = z.infer<typeof CodLimitInput>;

/** Pincodes named in a list or a CSV's first column, and what to do with them. */
export const PincodeChangeInput = z.object({
  change: z.enum(PINCODE_CHANGES, { error: DELIVERY_MESSAGES.change }),
  pincodes: z
    .string({ error: DELIVERY_MESSAGES.noPincodes })
    .max(MAX_PINCODE_TEXT, DELIVERY_MESSAGES.tooManyPincodes(MAX_PINCODES_PER_CHANGE))
    .refine((text) => text.trim() !== '', DELIVERY_MESSAGES.noPincodes),
});
export type PincodeChangeInput = z.infer<typeof PincodeChangeInput>;

export type PincodeProblem = { line: number; value: string; reason: string };

/**
 * The pincodes of a list typed or pasted (separated by commas, spaces or lines) or of a CSV whose
 * first column holds them (a header line without digits is skipped): each 6-digit pincode once,
 * and each entry that is not one with its line number.
 */
export function readPincodeList(text: string): {
  pincodes: { pincode: string; line: number }[];
  problems: PincodeProblem[];
} {
  const seen = new Map<string, number>();
  const problems: PincodeProblem[] = [];
  const lines = text.split(/\r\n|\n|\r/);
  // a CSV: a header line of names, or a pincode followed by a cell of words (a list has only numbers)
  const header = lines[0] ?? '';
  const looksLikeCsv =
    (header.includes(',') && !/\d/.test(header)) ||
    lines.some((line) => /^\s*"?\d{6}"?\s*,\s*"?[^\d\s",]/.test(line));
  lines.forEach((line, index) => {
    const cells = looksLikeCsv ? [line.split(',')[0] ?? ''] : line.split(/[\s,;]+/);
    for (const raw of cells) {
      const value = raw.trim().replace(/^"(.*)"$/, '$1');
      if (value === '') continue;
      if (looksLikeCsv && index === 0 && !/\d/.test(value)) continue; // a header
      if (/^[1-9]\d{5}$/.test(value)) {
        if (!seen.has(value)) seen.set(value, index + 1);
      } else
        problems.push({ line: index + 1, value: value.slice(0, 40), reason: DELIVERY_MESSAGES.notPincode });
    }
  });
  return { pincodes: [...seen].map(([pincode, line]) => ({ pincode, line })), problems };
}

export const PincodeChangeResult = z.object({
  change: z.enum(PINCODE_CHANGES),
  /** pincodes whose flag this change turned */
  changed: z.number().int().nonnegative(),
  /** pincodes named that already were so */
  unchanged: z.number().int().nonnegative(),
  problems: z.array(z.object({ line: z.number().int(), value: z.string(), reason: z.string() })),
});
export type PincodeChangeResult = z.infer<typeof PincodeChangeResult>;

export const PincodeRow = z.object({
  pincode: z.string(),
  city: z.string(),
  state: z.string(),
  isServiceable: z.boolean(),
  hasCod: z.boolean(),
});

export const DeliverySettings = z.object({
  rateCard: z.array(RateCardRow),
  codLimitPaise: z.number().int().positive(),
  pincodes: z.object({
    total: z.number().int().nonnegative(),
    unserviceable: z.number().int().nonnegative(),
    noCod: z.number().int().nonnegative(),
  }),
  /** the pincodes without delivery or without cash on delivery, the first of them by number */
  restricted: z.array(PincodeRow),
});
export type DeliverySettings = z.infer<typeof DeliverySettings>;
/** How many restricted pincodes the settings list. */
export const RESTRICTED_SHOWN = 200;

/** Rupees as staff type them ("1,500", "49.5", "₹ 15000.00") in paise; null when not an amount. */
export function rupeesTextToPaise(text: string): number | null {
  const plain = text.replace(/[₹,\s]/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
