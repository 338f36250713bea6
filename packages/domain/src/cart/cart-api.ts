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
