// ONDC names a city by its telephone STD code ("std:080"); the shop knows places by pincode. A
// city's pincodes share the head post office's first three digits, which is how a city code is
// turned into the pincodes it covers (docs/requirements.md#ondc-serviceability).

/** STD code → the pincode prefixes of the city, and a central pincode standing for the city. */
export const ONDC_CITIES: Readonly<
  Record<string, { name: string; prefixes: readonly string[]; centre: string }>
> = {
  'std:011': { name: 'Delhi', prefixes: ['110'], centre: '110001' },
  'std:022': { name: 'Mumbai', prefixes: ['400'], centre: '400001' },
  'std:033': { name: 'Kolkata', prefixes: ['700'], centre: '700001' },
  'std:040': { name: 'Hyderabad', prefixes: ['500'], centre: '500001' },
  'std:044': { name: 'Chennai', prefixes: ['600'], centre: '600001' },
  'std:080': { name: 'Bengaluru', prefixes: ['560'], centre: '560001' },
  'std:020': { name: 'Pune', prefixes: ['411'], centre: '411001' },
  'std:079': { name: 'Ahmedabad', prefixes: ['380'], centre: '380001' },
  'std:0141': { name: 'Jaipur', prefixes: ['302'], centre: '302001' },
  'std:0522': { name: 'Lucknow', prefixes: ['226'], centre: '226001' },
  'std:0172': { name: 'Chandigarh', prefixes: ['160'], centre: '160017' },
  'std:0484': { name: 'Kochi', prefixes: ['682'], centre: '682001' },
  'std:0120': { name: 'Noida', prefixes: ['201'], centre: '201301' },
  'std:0124': { name: 'Gurugram', prefixes: ['122'], centre: '122001' },
};

export const isOndcCity = (code: string) => code === '*' || Object.hasOwn(ONDC_CITIES, code);

/** The STD code of a pincode's city, or null when the shop does not list the city. */
export function cityCodeOf(pincode: string): string | null {
  for (const [code, city] of Object.entries(ONDC_CITIES))
    if (city.prefixes.some((prefix) => pincode.startsWith(prefix))) return code;
  return null;
}
