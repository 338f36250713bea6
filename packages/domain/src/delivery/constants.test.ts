import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CHOICE_ORDER,
  DELIVERY_LABELS,
  DELIVERY_TYPES,
  PARCEL_TYPES,
  REGIONAL_RADIUS_KM,
  REMOTE_STATES,
  ZONES,
  isDeliveryType,
  isZone,
  parseParcelType,
} from './constants.ts';

describe('delivery constants', () => {
  it.each([
    ['standard', 'Standard Delivery'],
    ['express', 'Express Delivery'],
    ['twodays', 'Two-Day Delivery'],
    ['oneday', 'One-Day Delivery'],
    ['sameday', 'Same-Day Delivery'],
  ] as const)('labels %s as %s', (deliveryType, label) => {
    expect(DELIVERY_LABELS[deliveryType]).toBe(label);
  });

  it('lists the types, zones, parcel types and default choice order', () => {
    expect(DELIVERY_TYPES).toEqual(['standard', 'express', 'twodays', 'oneday', 'sameday']);
    expect(Object.keys(DELIVERY_LABELS)).toEqual([...DELIVERY_TYPES]);
    expect(ZONES).toEqual(['local', 'regional', 'national', 'remote']);
    expect(PARCEL_TYPES).toEqual(['unit', 'order', 'gram']);
    expect(DEFAULT_CHOICE_ORDER).toEqual(['standard', 'express', 'twodays', 'oneday', 'sameday']);
    expect(REGIONAL_RADIUS_KM).toBe(300);
  });

  it.each([
    'Andaman & Nicobar Islands',
    'Lakshadweep',
    'Ladakh',
    'Jammu & Kashmir',
    'Arunachal Pradesh',
    'Assam',
    'Manipur',
    'Meghalaya',
    'Mizoram',
    'Nagaland',
    'Sikkim',
    'Tripura',
  ])('%s is remote', (state) => {
    expect(REMOTE_STATES).toContain(state);
  });

  it('has exactly the twelve remote states', () => {
    expect(REMOTE_STATES).toHaveLength(12);
  });

  it.each([
    ['unit', 'unit'],
    ['order', 'order'],
    ['gram', 'gram'],
    ['grams', 'gram'],
    [' Unit ', 'unit'],
    ['GRAMS', 'gram'],
    ['kg', null],
    ['box', null],
    ['', null],
  ])('parses parcel type %j as %j', (input, parcelType) => {
    expect(parseParcelType(input)).toBe(parcelType);
  });

  it.each([
    ['standard', true],
    ['sameday', true],
    ['Standard', false],
    ['pickup', false],
    [null, false],
  ])('isDeliveryType(%j) is %s', (value, expected) => {
    expect(isDeliveryType(value)).toBe(expected);
  });

  it.each([
    ['local', true],
    ['remote', true],
    ['international', false],
    [1, false],
  ])('isZone(%j) is %s', (value, expected) => {
    expect(isZone(value)).toBe(expected);
  });
});
