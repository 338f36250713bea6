// requirements#delivery-serviceability: the seller API's contract for the zones a seller ships to.
import { z } from 'zod';
import { ZONES } from './constants.ts';

export const SHIPPING_ZONE_MESSAGES = {
  zones: 'Choose the zones you ship to: local, regional, national or remote.',
  saved: 'Your shipping zones have been saved.',
} as const;

/** The zones asked for: at least one, each a known zone; local is always kept (normaliseSellerZones). */
export const ShippingZonesInput = z
  .object({
    zones: z
      .array(z.enum(ZONES, { error: SHIPPING_ZONE_MESSAGES.zones }), { error: SHIPPING_ZONE_MESSAGES.zones })
      .min(1, SHIPPING_ZONE_MESSAGES.zones)
      .max(ZONES.length * 2, SHIPPING_ZONE_MESSAGES.zones),
  })
  .strict();
export type ShippingZonesInput = z.infer<typeof ShippingZonesInput>;

export const ShippingZonesAnswer = z.object({
  zones: z.array(z.enum(ZONES)),
  message: z.string().optional(),
});
export type ShippingZonesAnswer = z.infer<typeof ShippingZonesAnswer>;
