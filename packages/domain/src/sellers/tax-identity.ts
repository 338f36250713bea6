// A seller's tax identity at onboarding (Seller Central): the GSTIN with its state code and check
// character, the PAN inside it, and the state the GSTIN registers the seller in. Pure rules; the
// onboarding form and API use them through their schemas.

/** GST state codes (the GSTIN's first two digits) and the states and union territories they name. */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

/** The pincode list (GeoNames) spells a few states otherwise than the GST list. */
const STATE_ALIASES: Readonly<Record<string, string>> = {
  'Andaman & Nicobar Islands': 'Andaman and Nicobar Islands',
  Chattisgarh: 'Chhattisgarh',
  'Jammu & Kashmir': 'Jammu and Kashmir',
  Pondicherry: 'Puducherry',
};
const GST_CODE_OF_STATE = new Map(Object.entries(GST_STATE_CODES).map(([code, state]) => [state, code]));

/** The GST state code of a state as the pincode list names it, or null for a name not on the GST list. */
export function gstStateCodeOf(state: string): string | null {
  const name = state.trim();
  return GST_CODE_OF_STATE.get(STATE_ALIASES[name] ?? name) ?? null;
}

/** PAN: five letters (the fourth says who holds it), four digits, a letter. */
export const PAN_PATTERN = /^[A-Z]{3}[ABCFGHJLPT][A-Z][0-9]{4}[A-Z]$/;
/** GSTIN: state code, the PAN, the registration's number within the PAN (1-9, A-Z), Z, check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{3}[ABCFGHJLPT][A-Z][0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The GSTIN's check character for its first 14 characters: each character's value (0-9, A-Z as
 * 10-35) times 1 or 2 alternately, the product's base-36 digits added, and the character that
 * brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = BASE36.indexOf(first14.charAt(i));
    if (value < 0) throw new Error(`not a GSTIN character: ${first14.charAt(i)}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36.charAt((36 - (sum % 36)) % 36);
}

export type GstinProblem = 'shape' | 'state' | 'check';

/** Why a GSTIN (already trimmed and upper-cased) is not one, or null when it is. */
export function gstinProblem(gstin: string): GstinProblem | null {
  if (!GSTIN_PATTERN.test(gstin)) return 'shape';
  if (!(gstin.slice(0, 2) in GST_STATE_CODES)) return 'state';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin.charAt(14)) return 'check';
  return null;
}

/** The PAN a GSTIN is issued on (its characters 3 to 12). */
export function panOfGstin(gstin: string): string {
  return gstin.slice(2, 12);
}

/** The state or union territory a GSTIN registers its holder in, or null for an unknown code. */
export function stateOfGstin(gstin: string): string | null {
  return GST_STATE_CODES[gstin.slice(0, 2)] ?? null;
}

/** Upper case without spaces: how a seller's typed GSTIN or PAN is read ('27aapf u0939f1zv'). */
export function normaliseTaxId(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}
