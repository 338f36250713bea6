// requirements#delivery-serviceability: the seller API's contract for the zones a seller ships to.
import { z } from 'zod';
import { ZONES } from './constants.ts';

export const SHIPPING_ZONE_MESSAGES = {
  zones: 'Choose the zones you ship to: local, regional, national or remote.',
  saved: 'Your shipping settings have been saved.',
  shippingMethod: 'Choose how you ship: with Bazaar courier or yourself.',
} as const;

/**
 * requirements#courier-opt-in: how a seller ships by default. `courier`: "Ship with Bazaar courier"
 * (the courier picks up, delivers and tracks; checkout asks the courier whether it reaches the
 * shopper); `self`: the seller ships with a courier of its own and types the AWB.
 */
export const SHIPPING_METHODS = ['courier', 'self'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
export const SHIPPING_METHOD_LABELS: Record<ShippingMethod, string> = {
  courier: 'Ship with Bazaar courier: we pick up from you, deliver and track every parcel',
  self: 'Ship myself: I hand parcels to a courier of my own and type the AWB',
};
export const ShippingMethodInput = z.enum(SHIPPING_METHODS, { error: SHIPPING_ZONE_MESSAGES.shippingMethod });

/** The zones asked for: at least one, each a known zone; local is always kept (normaliseSellerZones). */
export const ShippingZonesInput = z
  .object({
    zones: z
      .array(z.enum(ZONES, { error: SHIPPING_ZONE_MESSAGES.zones }), { error: SHIPPING_ZONE_MESSAGES.zones })
      .min(1, SHIPPING_ZONE_MESSAGES.zones)
      .max(ZONES.length * 2, SHIPPING_ZONE_MESSAGES.zones),
    /** left out: kept as it is */
    shippingMethod: ShippingMethodInput.optional(),
  })
  .strict();
export type ShippingZonesInput = z.infer<typeof ShippingZonesInput>;

export const ShippingZonesAnswer = z.object({
  zones: z.array(z.enum(ZONES)),
  shippingMethod: z.enum(SHIPPING_METHODS),
  message: z.string().optional(),
});
export type ShippingZonesAnswer = z.infer<typeof ShippingZonesAnswer>;
