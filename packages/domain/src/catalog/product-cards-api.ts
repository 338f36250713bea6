// The product cards answer (`GET /api/products/cards`), shared by the server route and the pages
// (a visitor's history blocks). Kept apart from the zod-free rules the storefront's scripts import.
import { z } from 'zod';

/** Ratings per star, 1 to 5. */
export const StarCounts = z.object({
  1: z.number(),
  2: z.number(),
  3: z.number(),
  4: z.number(),
  5: z.number(),
});

/**
 * A product as listing grids, deals and carousels show it (requirements#product-cards): the offer with
 * the lowest price, or no price at all when no seller offers it ('Sellers not Available').
 */
export const ProductCard = z
  .object({
    id: z.number().int(),
    name: z.string().describe('The product’s English name: its address (/productdetails/{name}) carries it'),
    title: z
      .string()
      .optional()
      .describe(
        'requirements#product-languages: the name in the language asked for, when its seller wrote one',
      ),
    image: z.string(),
    salePricePaise: z.number().int().nullable(),
    mrpPaise: z.number().int().nullable(),
    isAssured: z.boolean(),
    sellerId: z.number().int().nullable().describe('The seller of the shown (lowest) offer'),
    stars: StarCounts,
    ratingCount: z.number().int(),
  })
  .meta({ id: 'ProductCard' });
export type ProductCard = z.infer<typeof ProductCard>;

/** The cards asked for, in the order asked; unknown or inactive products are left out. */
export const ProductCards = z.object({ products: z.array(ProductCard) });
export type ProductCards = z.infer<typeof ProductCards>;
