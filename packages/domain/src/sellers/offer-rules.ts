// requirements#seller-listings and requirements#seller-bulk-inventory: the rules every change of
// an offer's price and stock obeys, whether typed in a form, edited in the table or uploaded in a CSV.

export const OFFER_LIMITS = {
  /** ₹10,00,000 in paise: no single unit sells for more */
  maxPricePaise: 100_000_000,
  maxStock: 1_000_000,
  maxPerOrder: 100,
  minDispatchDays: 1,
  maxDispatchDays: 30,
  maxSkuLength: 40,
} as const;

export const OFFER_MESSAGES = {
  price: 'Enter a price in rupees, like 499 or 499.50.',
  priceTooHigh: 'A price can be at most ₹10,00,000.',
  priceAboveMrp: 'The price cannot be more than the M.R.P.',
  stock: 'Enter the stock as a whole number, 0 or more.',
  stockTooHigh: 'Stock can be at most 10,00,000 units.',
  sku: 'Enter a SKU of up to 40 letters, digits, dashes, dots or underscores.',
} as const;

/** A SKU: letters, digits, dash, dot and underscore, 1 to 40 characters. */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;

/**
 * Rupees as typed (499, 499.5, 499.50, "1,499.00") to paise, or null when it is not an amount of
 * at most two decimals. Never a float multiplication: the digits are read as text.
 */
export function rupeesToPaise(text: string): number | null {
  const cleaned = text.trim().replace(/,/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const rupees = Number(match[1]);
  const paise = Number((match[2] ?? '').padEnd(2, '0'));
  return rupees * 100 + paise;
}

/** Whole units as typed, or null when not a whole number of 0 or more. */
export function parseStock(text: string): number | null {
  const cleaned = text.trim();
  return /^\d{1,9}$/.test(cleaned) ? Number(cleaned) : null;
}

/** What is wrong with an offer's price, M.R.P. and stock together, or null when they may be saved. */
export function priceStockProblem(offer: {
  salePricePaise: number;
  mrpPaise: number;
  stock: number;
}): string | null {
  if (offer.salePricePaise <= 0 || offer.mrpPaise <= 0) return OFFER_MESSAGES.price;
  if (offer.salePricePaise > OFFER_LIMITS.maxPricePaise || offer.mrpPaise > OFFER_LIMITS.maxPricePaise) {
    return OFFER_MESSAGES.priceTooHigh;
  }
  if (offer.salePricePaise > offer.mrpPaise) return OFFER_MESSAGES.priceAboveMrp;
  if (!Number.isInteger(offer.stock) || offer.stock < 0) return OFFER_MESSAGES.stock;
  if (offer.stock > OFFER_LIMITS.maxStock) return OFFER_MESSAGES.stockTooHigh;
  return null;
}
