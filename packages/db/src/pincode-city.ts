/**
 * The city a shopper would name for a pincode (ADR-0004). GeoNames gives each post office a
 * sub-district, and sub-districts are often codes ('Nil', 'Gmc', 'Svs'), taluks a shopper does
 * not say ('Tiswadi' for Panaji) or a corner of a city ('Nampally' for Hyderabad). Towns are
 * named by their head post offices ('Panaji H.O', 'Guwahati G.P.O.'), so the city follows them.
 */

/** One line of the GeoNames file: a post office; 'NA' (no name) already read as ''. */
export type PostOffice = {
  pincode: string;
  place: string;
  state: string;
  district: string;
  subDistrict: string;
  /** where GeoNames places the office, when it does */
  point?: { latitude: number; longitude: number };
};

/** A name that is a code or a placeholder, not a place: 'NA', 'Nil', 'GOP', 'Gmc', 'Svs'. */
export function isPlaceCode(name: string): boolean {
  const trimmed = name.trim();
  if (trimmed === '' || /^(na|n\.a\.?|nil|none|-+)$/i.test(trimmed)) return true;
  if (/^[A-Z]{2,5}$/.test(trimmed)) return true; // an abbreviation in capitals
  // a short word with no vowel is an abbreviation too ('Gmc', 'Vlr'); 'Una', 'Leh' and 'Wai' are towns
  return /^[A-Za-z]{1,4}$/.test(trimmed) && !/[aeiou]/i.test(trimmed);
}

/** The town of a head post office ('Panaji H.O' → Panaji, 'Guwahati G.P.O.' → Guwahati), else null. */
export function headOfficeTown(place: string): { town: string; isGeneral: boolean } | null {
  const match = /^(.*?)[\s.]+(G\.?\s?P\.?\s?O|H\.?\s?O)\.?$/.exec(place.trim());
  if (!match?.[1] || !match[2]) return null;
  const town = match[1].replace(/\s*\(.*\)\s*$/, '').trim();
  return town && !isPlaceCode(town) ? { town, isGeneral: match[2].startsWith('G') } : null;
}

/** A sub-district without its part-of-a-place words: 'Bangalore South' → Bangalore, 'Visakhapatnam (Urban)' → Visakhapatnam. */
export function subDistrictTown(subDistrict: string): string {
  const name = subDistrict
    .replace(/\s*\(.*$/, '') // '(Urban)', '(S.T)', '(kol)', and one left unclosed
    .replace(/\s+(north|south|east|west|central|city|urban|rural|sadar|kty\.?|tehsil|taluk|block)$/i, '')
    .trim();
  return headOfficeTown(name)?.town ?? name;
}

const groupKey = (office: Pick<PostOffice, 'state' | 'district' | 'subDistrict'>) =>
  `${office.state}|${office.district}|${office.subDistrict}`;
const districtKey = (office: Pick<PostOffice, 'state' | 'district'>) => `${office.state}|${office.district}`;

type GeneralPostOffice = { town: string; prefix: string; point?: PostOffice['point'] };

/** Where the head post offices are, read once from the whole directory. */
export type HeadOffices = {
  /** by state, district and sub-district: the towns of its head offices, general post offices first */
  bySubDistrict: Map<string, { town: string; isGeneral: boolean }[]>;
  /** by state and district: its general post offices, their sorting districts (first three digits) and places */
  generalByDistrict: Map<string, GeneralPostOffice[]>;
};

export function indexHeadOffices(offices: Iterable<PostOffice>): HeadOffices {
  const bySubDistrict = new Map<string, { town: string; isGeneral: boolean }[]>();
  const generalByDistrict = new Map<string, GeneralPostOffice[]>();
  for (const office of offices) {
    const head = headOfficeTown(office.place);
    if (!head) continue;
    const towns = bySubDistrict.get(groupKey(office)) ?? [];
    towns.push(head);
    bySubDistrict.set(groupKey(office), towns);
    if (head.isGeneral) {
      const general = generalByDistrict.get(districtKey(office)) ?? [];
      general.push({ town: head.town, prefix: office.pincode.slice(0, 3), point: office.point });
      generalByDistrict.set(districtKey(office), general);
    }
  }
  for (const towns of bySubDistrict.values()) towns.sort((a, b) => Number(b.isGeneral) - Number(a.isGeneral));
  return { bySubDistrict, generalByDistrict };
}

/**
 * The one rule for a pincode's city (ADR-0004), over the post offices of that pincode:
 * 1. a sub-district with a general post office is that city (Nampally → Hyderabad, Gmc → Guwahati);
 * 2. in a city district (its general post office bears the district's name), the pincodes of the
 *    post office's sorting district within 15 km of it are that city (Chembur → Mumbai), but for
 *    the seat of its own taluk (Neyyattinkara);
 * 3. a pincode with its own head office is that office's town (795001 Imphal H.O → Imphal);
 * 4. a sub-district with one head office is that office's town (Tiswadi → Panaji, Tambaram → Tambaram);
 * 5. further out in a city district's sorting district, the city (600040 Egmore Nungambakkam → Chennai);
 * 6. else the sub-district when it is a name, without 'North', 'Urban' and the like;
 * 7. else the district, else the first post office.
 * A town spelt within two letters of its district takes the district's spelling (Kolkatta → Kolkata).
 */
export function cityOfPincode(offices: readonly PostOffice[], heads: HeadOffices): string {
  const first = offices[0];
  if (!first) throw new Error('a pincode has at least one post office');
  const { state, district, subDistrict } = mostCommon(offices);
  const spelt = (town: string) => (district && isNear(town, district) ? district : town);
  const towns = heads.bySubDistrict.get(groupKey({ state, district, subDistrict })) ?? [];

  const general = towns.find((head) => head.isGeneral);
  if (general) return spelt(general.town);
  const prefix = first.pincode.slice(0, 3);
  const cityPost = (heads.generalByDistrict.get(districtKey({ state, district })) ?? []).find(
    (post) => post.prefix === prefix && isNear(post.town, district),
  );
  const own = offices.map((office) => headOfficeTown(office.place)).find((head) => head !== null);
  const distinct = [...new Set(towns.map((head) => head.town))];
  const headTown = own?.town ?? (distinct.length === 1 ? distinct[0] : undefined);
  // a head office a short way from the city's general post office is a quarter of the city
  // (Chembur, Mumbai), unless it is the seat of its own taluk (Neyyattinkara)
  const point = offices.find((office) => office.point)?.point;
  const isTalukSeat = headTown !== undefined && isNear(headTown, subDistrictTown(subDistrict));
  const isNearCityPost = point && cityPost?.point && kilometres(point, cityPost.point) <= CITY_RADIUS_KM;
  if (isNearCityPost && !isTalukSeat) return district;
  if (headTown) return spelt(headTown);
  if (cityPost) return district;
  const town = subDistrictTown(subDistrict);
  if (!isPlaceCode(town)) return spelt(town);
  const districtTown = district.replace(/\s*\(.*$/, ''); // 'Bilaspur (HP)'
  if (!isPlaceCode(districtTown)) return districtTown;
  return first.place;
}

/** How far from a city's general post office a head office still names a quarter of that city. */
const CITY_RADIUS_KM = 15;

/** The great-circle distance between two points, in kilometres. */
function kilometres(a: NonNullable<PostOffice['point']>, b: NonNullable<PostOffice['point']>): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(radians(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(radians(a.latitude)) *
      Math.cos(radians(b.latitude)) *
      Math.sin(radians(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** The state, district and sub-district most of a pincode's post offices share (the first on a tie). */
function mostCommon(offices: readonly PostOffice[]): Pick<PostOffice, 'state' | 'district' | 'subDistrict'> {
  const counts = new Map<string, { office: PostOffice; count: number }>();
  for (const office of offices) {
    const seen = counts.get(groupKey(office));
    if (seen) seen.count += 1;
    else counts.set(groupKey(office), { office, count: 1 });
  }
  let best: { office: PostOffice; count: number } | undefined;
  for (const entry of counts.values()) if (!best || entry.count > best.count) best = entry;
  if (!best) throw new Error('a pincode has at least one post office');
  return best.office;
}

/** Two spellings of one name: the same but for case, or (from five letters) within two edits. */
function isNear(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x === y) return true;
  if (Math.min(x.length, y.length) < 5 || Math.abs(x.length - y.length) > 2) return false;
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      row[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
    }
    previous = row;
  }
  return (previous[y.length] ?? 0) <= 2;
}
