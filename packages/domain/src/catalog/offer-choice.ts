// requirements#seller-choice: which seller's offer a product page shows (and its structured data and
// the merchant feed carry, requirements#merchant-feed), so every reader of a product sees one offer.

/** An offer as the choice reads it: its seller, its stock and the delivery options to the shopper. */
export type ChoosableOffer = { sellerId: number; stock: number; delivery: readonly unknown[] };

/**
 * The chosen seller when it offers the product, else the cheapest in stock that delivers to the
 * pincode, else the cheapest in stock, else the cheapest. The offers come cheapest first.
 */
export function chooseOffer<T extends ChoosableOffer>(all: readonly T[], sellerId: number | null): T | null {
  return (
    all.find((offer) => offer.sellerId === sellerId) ??
    all.find((offer) => offer.stock > 0 && offer.delivery.length > 0) ??
    all.find((offer) => offer.stock > 0) ??
    all[0] ??
    null
  );
}
