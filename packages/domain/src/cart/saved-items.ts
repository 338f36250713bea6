import { z } from 'zod';

// requirements#saved-lists:
// the shopper's Save For Later list, wishlist and Buy Again products, as the API answers them.

export const SAVED_LIST_TYPES = ['save_for_later', 'wishlist'] as const;
export type SavedListType = (typeof SAVED_LIST_TYPES)[number];

const INVALID_PRODUCT = 'Invalid product ID!';
const LIST_TYPE = 'Type must be save_for_later or wishlist.';
const DATABASE_INT_MAX = 2_147_483_647;

/** The list a saved-items request names (`?type=` of the list, `type` of a save). */
export const SavedListTypeInput = z.enum(SAVED_LIST_TYPES, { message: LIST_TYPE });

/** `POST /api/saved-items`: the product, the list, and the seller whose offer the shopper was looking at. */
export const SaveItemInput = z
  .object({
    productId: z
      .number({ message: INVALID_PRODUCT })
      .int(INVALID_PRODUCT)
      .positive(INVALID_PRODUCT)
      .max(DATABASE_INT_MAX, INVALID_PRODUCT)
      .meta({ example: 42 }),
    type: SavedListTypeInput.meta({ example: 'wishlist' }),
    sellerId: z.number().int().positive().max(DATABASE_INT_MAX).optional().meta({
      description: 'The seller whose offer the shopper was looking at',
    }),
  })
  .meta({ id: 'SaveItemInput' });
export type SaveItemInput = z.infer<typeof SaveItemInput>;

/** A product of a list with the offer it shows (the remembered one, else the cheapest in stock). */
export const ListedProduct = z
  .object({
    productId: z.number().int(),
    sellerId: z.number().int().nullable(),
    name: z.string(),
    image: z.string(),
    isAssured: z.boolean(),
    salePricePaise: z.number().int().nullable(),
    mrpPaise: z.number().int().nullable(),
    stock: z.number().int(),
    ratingCount: z.number().int(),
    stars: z.array(z.number().int()).describe('1-star to 5-star counts'),
  })
  .meta({ id: 'ListedProduct' });
export type ListedProduct = z.infer<typeof ListedProduct>;

/** A product on the Save For Later list or the wishlist: `id` is the entry's, for moving or removing it. */
export const SavedProduct = ListedProduct.extend({ id: z.number().int() }).meta({ id: 'SavedProduct' });
export type SavedProduct = z.infer<typeof SavedProduct>;

/** `GET /api/saved-items?type=`: newest first. */
export const SavedList = z.object({ items: z.array(SavedProduct) }).meta({ id: 'SavedList' });
export type SavedList = z.infer<typeof SavedList>;

/** `GET /api/buy-again`: products of the shopper's delivered orders. */
export const BuyAgainList = z.object({ items: z.array(ListedProduct) }).meta({ id: 'BuyAgainList' });
export type BuyAgainList = z.infer<typeof BuyAgainList>;

/** `DELETE /api/saved-items/{id}` and `POST /api/saved-items/{id}/move-to-cart`: the spec's message. */
export const SavedItemChanged = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: 'SavedItemChanged' });
export type SavedItemChanged = z.infer<typeof SavedItemChanged>;

/** `POST /api/saved-items`: created is false when the product was already on the list. */
export const SaveItemResult = z
  .object({ success: z.literal(true), created: z.boolean(), message: z.string() })
  .meta({ id: 'SaveItemResult' });
export type SaveItemResult = z.infer<typeof SaveItemResult>;
