import { beforeAll, describe, expect, it } from 'vitest';
import {
  cityOfPincode,
  headOfficeTown,
  indexHeadOffices,
  isPlaceCode,
  type PostOffice,
} from './pincode-city.ts';
import { type PincodeRow, readPincodeFile } from './pincodes.ts';

describe('isPlaceCode', () => {
  it.each([
    ['NA', true],
    ['Nil', true],
    ['', true],
    ['GOP', true],
    ['AMAS', true],
    ['Gmc', true],
    ['Svs', true],
    ['Bg', true],
    ['Una', false],
    ['Leh', false],
    ['Wai', false],
    ['Tambaram', false],
    ['Imphal', false],
  ])('%j is a code: %s', (name, expected) => {
    expect(isPlaceCode(name)).toBe(expected);
  });
});

describe('headOfficeTown', () => {
  it.each([
    ['Panaji H.O', { town: 'Panaji', isGeneral: false }],
    ['Guwahati G.P.O.', { town: 'Guwahati', isGeneral: true }],
    ['Nagpur GPO', { town: 'Nagpur', isGeneral: true }],
    ['Medavakkam', null],
    ['AGPO', null],
    ['Khoyathong', null],
  ])('%j → %j', (place, expected) => {
    expect(headOfficeTown(place)).toEqual(expected);
  });
});

describe('cityOfPincode', () => {
  const office = (
    pincode: string,
    place: string,
    subDistrict: string,
    district = 'Somewhere',
  ): PostOffice => ({
    pincode,
    place,
    state: 'A State',
    district,
    subDistrict,
  });

  it('names a coded sub-district after its head office', () => {
    const offices = [office('100001', 'Khoyathong', 'Nil'), office('100002', 'Townville H.O', 'Nil')];
    expect(cityOfPincode([offices[0] as PostOffice], indexHeadOffices(offices))).toBe('Townville');
  });

  it('falls back to the district when the sub-district is a code and has no head office', () => {
    const offices = [office('100001', 'Khoyathong', 'Gmc', 'Big District')];
    expect(cityOfPincode(offices, indexHeadOffices(offices))).toBe('Big District');
  });

  it('drops part-of-a-town words from a sub-district', () => {
    const offices = [office('100001', 'Hill Road', 'Riverton South')];
    expect(cityOfPincode(offices, indexHeadOffices(offices))).toBe('Riverton');
  });
});

describe('the cities of the whole pincode directory', () => {
  let rows: PincodeRow[];
  beforeAll(async () => {
    rows = await readPincodeFile();
  });
  const cityOf = (pincode: string) => rows.find((row) => row.pincode === pincode)?.city;

  it.each([
    ['795001', 'Imphal'], // sub-district 'Nil'
    ['795004', 'Imphal'],
    ['781001', 'Guwahati'], // sub-district 'Gmc'
    ['781005', 'Guwahati'],
    ['403001', 'Panaji'], // taluk Tiswadi
    ['500001', 'Hyderabad'], // mandal Nampally
    ['500081', 'Hyderabad'], // mandal Shaikpet
    ['600100', 'Tambaram'], // Medavakkam, in the Tambaram head office's sub-district
    ['600045', 'Tambaram'],
    ['600040', 'Chennai'], // taluk Egmore Nungambakkam
    ['700001', 'Kolkata'], // 'Kolkatta G.P.O.'
    ['560034', 'Bangalore'], // 'Bangalore South'
    ['400001', 'Mumbai'],
    ['400071', 'Mumbai'], // Chembur H.O, 12 km from the general post office
    ['600003', 'Chennai'], // Park Town H.O
    ['695121', 'Neyyattinkara'], // a head office that is its own taluk's seat stays its own town
    ['110001', 'New Delhi'],
    ['562149', 'Bengaluru'], // sub-district 'Bg North'
  ])('%s is in %s', (pincode, city) => {
    expect(cityOf(pincode)).toBe(city);
  });

  it('names no city with a code or a placeholder', () => {
    expect(rows.length).toBeGreaterThan(19_000);
    const coded = rows.filter((row) => isPlaceCode(row.city) || /\b(H\.O|G\.P\.O)\b|\(|\)/.test(row.city));
    expect(coded.map((row) => `${row.pincode} ${row.city}`)).toEqual([]);
  });
});
