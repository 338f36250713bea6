// requirements#gst-tax: an invoice's total in words, in the Indian numbering of lakhs and crores.

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0 to 99: "Forty-Two". */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  const ten = TENS[Math.floor(n / 10)] ?? '';
  return n % 10 === 0 ? ten : `${ten}-${ONES[n % 10] ?? ''}`;
}

/** 1 to 999: "Four Hundred Fifty-Six". */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds] ?? ''} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/**
 * A whole number in words with Indian grouping: thousands, lakhs (1,00,000) and crores
 * (1,00,00,000); crores beyond 99 are counted in words again ("One Hundred Crore").
 */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole number of at least 0: ${n}`);
  if (n === 0) return 'Zero';
  const crores = Math.floor(n / 10_000_000);
  const lakhs = Math.floor((n % 10_000_000) / 100_000);
  const thousands = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  const parts = [];
  if (crores > 0) parts.push(`${numberInWords(crores)} Crore`);
  if (lakhs > 0) parts.push(`${belowHundred(lakhs)} Lakh`);
  if (thousands > 0) parts.push(`${belowHundred(thousands)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** An amount in paise as an invoice writes it: "Rupees One Lakh Five and Fifty Paise Only". */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount of paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${numberInWords(rupees)}${rest > 0 ? ` and ${belowHundred(rest)} Paise` : ''} Only`;
}
