// Request schemas of the cart API, shared by the web pages and the server.
import { z } from 'zod';
import { MAX_CART_LINES } from './messages.ts';

const id = (what: string) =>
  z
    .number({ message: `${what} must be a number.` })
    .int(`${what} must be a whole number.`)
    .positive(`${what} must be positive.`)
    .max(2_147_483_647, `${what} is too large.`);

/** A line sent by the browser: which offer, how many, and the coupon chosen. Prices are never sent. */
export const CartLineInput = z.object({
  productId: id('Product id'),
  sellerId: id('Seller id'),
  quantity: z
    .number({ message: 'Quantity must be a number.' })
    .int('Quantity must be a whole number.')
    .min(1, 'Quantity must be at least 1.')
    .max(2_147_483_647, 'Quantity is too large.'),
  couponId: id('Coupon id').nullable().optional(),
});
export type CartLineInput = z.infer<typeof CartLineInput>;

export const CartInput = z.object({
  lines: z.array(CartLineInput).max(MAX_CART_LINES, `A cart holds at most ${MAX_CART_LINES} lines.`),
});
export type CartInput = z.infer<typeof CartInput>;

export const AvailabilityInput = z.object({
  pincode: z.string().regex(/^[1-9][0-9]{5}$/, 'Please enter a valid 6-digit pincode.'),
  lines: z
    .array(z.object({ productId: id('Product id'), sellerId: id('Seller id') }))
    .max(MAX_CART_LINES, `A cart holds at most ${MAX_CART_LINES} lines.`),
});
export type AvailabilityInput = z.infer<typeof AvailabilityInput>;

/** A saved cart line with live price, stock and coupon (`GET/PUT /api/cart`, `POST /api/cart/merge`). */
export const CartLine = z
  .object({
    productId: z.number().int(),
    sellerId: z.number().int(),
    sku: z.string(),
    name: z.string(),
    image: z.string(),
    isAssured: z.boolean(),
    sellerName: z.string(),
    sellerPincode: z.string(),
    warranty: z.string(),
    salePricePaise: z.number().int(),
    mrpPaise: z.number().int(),
    stock: z.number().int(),
    maxPerOrder: z.number().int(),
    quantity: z.number().int(),
    coupon: z
      .object({
        id: z.number().int(),
        name: z.string(),
        offerType: z.enum(['cash', 'percentage']),
        value: z.number(),
      })
      .nullable(),
  })
  .meta({ id: 'CartLine' });
export type CartLine = z.infer<typeof CartLine>;

export const Cart = z.object({ lines: z.array(CartLine) }).meta({ id: 'Cart' });
export type Cart = z.infer<typeof Cart>;

/** `POST /api/cart/availability`: per line, Available or Unavailable with current stock and prices. */
export const CartAvailability = z
  .object({
    lines: z.array(
      z.object({
        productId: z.number().int(),
        sellerId: z.number().int(),
        status: z.enum(['Available', 'Unavailable']),
        stock: z.number().int(),
        salePricePaise: z.number().int().nullable(),
        mrpPaise: z.number().int().nullable(),
        maxPerOrder: z.number().int().nullable().describe('The most one order may hold of this offer'),
        arrivingDays: z.number().int().nullable(),
      }),
    ),
  })
  .meta({ id: 'CartAvailability' });
export type CartAvailability = z.infer<typeof CartAvailability>;
