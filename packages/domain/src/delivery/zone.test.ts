import { describe, expect, it } from 'vitest';
import type { Zone } from './constants.ts';
import { deliveryZone, distanceKm, isRemoteState, type PincodePlace } from './zone.ts';

// Real pincodes with the district, state and coordinates of the GeoNames India file.
const place = (pincode: string, district: string, state: string, latitude: number, longitude: number) => ({
  pincode,
  district,
  state,
  latitude,
  longitude,
});
const medavakkam = place('600100', 'Kanchipuram', 'Tamil Nadu', 12.9377, 80.2153);
const kanchipuram = place('631501', 'Kanchipuram', 'Tamil Nadu', 12.6207, 79.6513);
const chennai = place('600001', 'Chennai', 'Tamil Nadu', 13.0914, 80.2828);
const madurai = place('625001', 'Madurai', 'Tamil Nadu', 9.9919, 78.1647);
const bengaluru = place('560001', 'Bengaluru', 'Karnataka', 13.2257, 77.575);
const puducherry = place('605001', 'Pondicherry', 'Pondicherry', 11.8768, 79.8107);
const delhi = place('110001', 'Central Delhi', 'Delhi', 28.6431, 77.2197);
const guwahati = place('781001', 'Kamrup', 'Assam', 26.2528, 91.5362);
const dispur = place('781005', 'Kamrup', 'Assam', 26.118, 91.4061);
const barpeta = place('781301', 'Barpeta', 'Assam', 26.3419, 91.2134);
const siliguri = place('734001', 'Darjiling', 'West Bengal', 26.9135, 88.3947);
const gangtok = place('737101', 'East Sikkim', 'Sikkim', 27.3218, 88.5884);
const srinagar = place('190001', 'Srinagar', 'Jammu & Kashmir', 34.0712, 74.8117);
const aurangabad = place('431001', 'Aurangabad', 'Maharashtra', 20.0291, 75.2816);

describe('distanceKm', () => {
  it.each([
    { from: chennai, to: bengaluru, min: 285, max: 300 },
    { from: medavakkam, to: kanchipuram, min: 65, max: 75 },
    { from: madurai, to: bengaluru, min: 355, max: 375 },
    { from: chennai, to: delhi, min: 1740, max: 1780 },
    { from: delhi, to: guwahati, min: 1420, max: 1450 },
    { from: siliguri, to: gangtok, min: 45, max: 55 },
  ])('$from.pincode to $to.pincode is between $min and $max km', ({ from, to, min, max }) => {
    const there = distanceKm(from, to);
    expect(there).toBeGreaterThanOrEqual(min);
    expect(there).toBeLessThanOrEqual(max);
    expect(distanceKm(to, from)).toBeCloseTo(there, 9);
  });

  it('is 0 from a place to itself and about 111.2 km per degree of latitude', () => {
    expect(distanceKm(chennai, chennai)).toBe(0);
    expect(distanceKm({ latitude: 10, longitude: 78 }, { latitude: 11, longitude: 78 })).toBeCloseTo(
      111.2,
      1,
    );
  });
});

describe('deliveryZone', () => {
  it.each<{ name: string; seller: PincodePlace; buyer: PincodePlace; zone: Zone }>([
    // 1. same state and district: local
    {
      name: 'Medavakkam to Kanchipuram town, same district',
      seller: medavakkam,
      buyer: kanchipuram,
      zone: 'local',
    },
    { name: 'a pincode to itself', seller: medavakkam, buyer: medavakkam, zone: 'local' },
    { name: 'Guwahati to Dispur: local beats remote', seller: guwahati, buyer: dispur, zone: 'local' },
    // 2. buyer in a remote state other than the seller's: remote, even when close
    { name: 'Delhi to Guwahati, Assam', seller: delhi, buyer: guwahati, zone: 'remote' },
    { name: 'Siliguri to Gangtok, 49 km into Sikkim', seller: siliguri, buyer: gangtok, zone: 'remote' },
    { name: 'Delhi to Srinagar, Jammu & Kashmir', seller: delhi, buyer: srinagar, zone: 'remote' },
    // 3. same state, or within 300 km: regional
    { name: 'Guwahati to Barpeta, both in Assam', seller: guwahati, buyer: barpeta, zone: 'regional' },
    { name: 'Chennai to Medavakkam, other district', seller: chennai, buyer: medavakkam, zone: 'regional' },
    { name: 'Chennai to Madurai, same state at 415 km', seller: chennai, buyer: madurai, zone: 'regional' },
    {
      name: 'Chennai to Bengaluru, other state at 294 km',
      seller: chennai,
      buyer: bengaluru,
      zone: 'regional',
    },
    {
      name: 'Medavakkam to Puducherry, other state',
      seller: medavakkam,
      buyer: puducherry,
      zone: 'regional',
    },
    {
      name: 'Gangtok to Siliguri: the seller being remote does not matter',
      seller: gangtok,
      buyer: siliguri,
      zone: 'regional',
    },
    // 4. national
    {
      name: 'Madurai to Bengaluru, other state at 365 km',
      seller: madurai,
      buyer: bengaluru,
      zone: 'national',
    },
    { name: 'Chennai to Delhi', seller: chennai, buyer: delhi, zone: 'national' },
    { name: 'Guwahati to Delhi', seller: guwahati, buyer: delhi, zone: 'national' },
  ])('$name: $zone', ({ seller, buyer, zone }) => {
    expect(deliveryZone(seller, buyer)).toBe(zone);
  });

  it('needs the same state as well as the same district for local', () => {
    const aurangabadElsewhere = {
      ...aurangabad,
      pincode: '824101',
      state: 'Bihar',
      latitude: 24.7656,
      longitude: 84.3868,
    };
    expect(deliveryZone(aurangabad, aurangabadElsewhere)).toBe('national');
  });

  it.each<{ name: string; seller: PincodePlace; buyer: PincodePlace; zone: Zone }>([
    {
      name: 'case and spaces',
      seller: medavakkam,
      buyer: { ...kanchipuram, state: ' tamil  nadu', district: 'KANCHIPURAM' },
      zone: 'local',
    },
    {
      name: "'and' for '&'",
      seller: delhi,
      buyer: { ...srinagar, state: 'Jammu and Kashmir' },
      zone: 'remote',
    },
  ])('compares place names ignoring $name', ({ seller, buyer, zone }) => {
    expect(deliveryZone(seller, buyer)).toBe(zone);
  });

  // two places on one meridian, in different non-remote states, just either side of 300 km
  const kmPerDegree = (6371.0088 * Math.PI) / 180;
  it.each([
    { km: 299.9, zone: 'regional' },
    { km: 300.1, zone: 'national' },
  ])('a buyer in another state $km km away is $zone', ({ km, zone }) => {
    const seller = place('400001', 'Mumbai', 'Maharashtra', 18.9, 72.8);
    const buyer = place('403001', 'North Goa', 'Goa', 18.9 - km / kmPerDegree, 72.8);
    expect(deliveryZone(seller, buyer)).toBe(zone);
  });

  it.each([
    ['Assam', true],
    ['Andaman & Nicobar Islands', true],
    ['Andaman and Nicobar Islands', true],
    ['ladakh', true],
    ['Tamil Nadu', false],
    ['West Bengal', false],
  ])('isRemoteState(%s) is %s', (state, remote) => {
    expect(isRemoteState(state)).toBe(remote);
  });
});
