import { z } from 'zod';
import { TaxDocumentSummary } from '../tax/document-view.ts';
import { TRACKING_SPECIAL_STATUSES, TRACKING_STATUSES } from './tracking.ts';

// requirements#my-orders, requirements#item-actions, requirements#tracking (item actions,
// shipment tracking): the answers of `GET /api/my-orders`, `GET /api/my-orders/{orderNo}` and
// `GET /api/my-orders/items/{id}/tracking`, shared by the server routes and the order pages.

const ItemLink = z.object({ enabled: z.boolean(), href: z.string() });

/** One item of an order on My Orders: where it is, what was processed, and its actions (requirements#my-orders). */
export const MyOrderItem = z
  .object({
    id: z.number().int(),
    productId: z.number().int(),
    productName: z.string(),
    productImage: z.string(),
    quantity: z.number().int(),
    unitPricePaise: z.number().int(),
    totalPricePaise: z.number().int(),
    status: z.enum(['pending', 'shipped', 'delivered', 'cancelled', 'undelivered']),
    splitMode: z.string().describe('spec product_cmode: nochange or splitted'),
    cancelledQuantity: z.number().int(),
    returnedQuantity: z.number().int(),
    replacedQuantity: z.number().int(),
    deliveryType: z.string(),
    deliveryTypeLabel: z.string(),
    arrivingBy: z
      .string()
      .nullable()
      .describe('Order time plus the delivery days (ISO time; show its date in India)'),
    deliveredAt: z.string().nullable(),
    invoiceNo: z
      .string()
      .nullable()
      .describe('The shipment’s own reference (in tracking links); not an invoice number'),
    taxInvoiceNo: z
      .string()
      .nullable()
      .describe('The GST invoice of the item’s parcel, by its number (requirements#gst-invoices)'),
    trackingStatus: z.string().nullable(),
    carrier: z.string().nullable(),
    awbNo: z.string().nullable(),
    isUnderDispatch: z.boolean().describe('A split item without an invoice yet'),
    returnWindowDays: z.number().int(),
    returnByDate: z.string().nullable(),
    replaceWindowDays: z.number().int(),
    replaceByDate: z.string().nullable(),
    openRequest: z.object({ refNo: z.string(), kind: z.string(), quantity: z.number().int() }).nullable(),
    latestRequest: z
      .object({
        kind: z.enum(['cancel', 'return', 'replace']),
        status: z.string(),
        requestedBy: z.enum(['customer', 'seller']),
        pickupDate: z.string().nullable(),
        pickedUpAt: z.string().nullable(),
        refund: z
          .object({
            status: z.string(),
            completedAt: z.string().nullable(),
            needsBankAccount: z.boolean(),
          })
          .nullable(),
        refundDue: z
          .boolean()
          .describe('Money was taken for these units: no refund yet means one is to come'),
      })
      .nullable()
      .describe(
        'The item’s latest cancellation, return or replacement and its refund, for its status sentence',
      ),
    sellerNote: z
      .object({ refNo: z.string(), kind: z.string(), text: z.string() })
      .nullable()
      .describe('What the seller said when deciding the item’s latest request, while no newer one is open'),
    newReplies: z
      .object({ count: z.number().int().nonnegative(), href: z.string().nullable() })
      .describe(
        'The seller’s messages about the item the shopper has not opened yet, and the conversation to open (null when the item has no return to reach it from)',
      ),
    replacement: z
      .object({
        refNo: z.string(),
        title: z.string(),
        detail: z.string(),
        tone: z.enum(['ok', 'wait', 'bad']),
        trackHref: z.string().nullable(),
      })
      .nullable()
      .describe(
        'The latest initiated replacement: where its new unit is (being prepared, shipped, delivered, or not arriving and refunded) and the link to track its shipment',
      ),
    actions: z.object({
      cancel: ItemLink,
      track: ItemLink,
      return: ItemLink,
      replace: ItemLink,
      deliveryFeedback: ItemLink,
      productFeedback: ItemLink,
      sellerFeedback: ItemLink,
    }),
    details: z.object({
      cancelled: z.string().optional(),
      returned: z.string().optional(),
      replaced: z.string().optional(),
    }),
  })
  .meta({ id: 'MyOrderItem' });
export type MyOrderItem = z.infer<typeof MyOrderItem>;

/** One placed order: its facts, amounts and items grouped by seller. */
export const MyOrder = z
  .object({
    orderNo: z.string(),
    placedAt: z.string(),
    paymentMode: z.string(),
    paymentStatus: z.string(),
    itemsTotalPaise: z.number().int(),
    couponDiscountPaise: z.number().int(),
    deliveryChargePaise: z.number().int(),
    promoName: z.string().nullable(),
    promoDiscountPaise: z.number().int(),
    totalPaise: z.number().int(),
    delivery: z.object({ name: z.string(), phone: z.string(), address: z.string() }),
    groups: z.array(
      z.object({
        sellerId: z.number().int(),
        sellerName: z.string(),
        items: z.array(MyOrderItem),
        // requirements#gst-invoices: the seller's invoices (one per shipment) and credit notes
        documents: z.array(TaxDocumentSummary),
      }),
    ),
  })
  .meta({ id: 'MyOrder' });
export type MyOrder = z.infer<typeof MyOrder>;

/** `GET /api/my-orders`: a page of orders, newest first (requirements#my-orders: three a page). */
export const MyOrderPage = z
  .object({
    orders: z.array(MyOrder),
    page: z.number().int(),
    pageCount: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'MyOrderPage' });
export type MyOrderPage = z.infer<typeof MyOrderPage>;

/** `GET /api/my-orders/items/{id}/tracking`: the item, and its shipment once there is one. */
export const ItemTracking = z
  .object({
    item: z.object({
      id: z.number().int(),
      orderNo: z.string(),
      placedAt: z.string(),
      productName: z.string(),
      productImage: z.string(),
      quantity: z.number().int(),
      status: z.string(),
      sellerName: z.string(),
      isUnderDispatch: z.boolean(),
    }),
    tracking: z
      .object({
        invoiceNo: z.string(),
        carrier: z.string().nullable(),
        awbNo: z.string().nullable(),
        status: z.enum(TRACKING_STATUSES),
        replacementRefNo: z
          .string()
          .nullable()
          .describe('Set when this is the shipment of a replacement unit'),
        paidBeforeDelivery: z
          .boolean()
          .describe(
            'Paid online, or a replacement of a product already paid for: refunded if the parcel stops on its way',
          ),
        progress: z.union([
          z.object({ kind: z.literal('step'), stepIndex: z.number().int(), stepCount: z.number().int() }),
          z.object({ kind: z.literal('special'), status: z.enum(TRACKING_SPECIAL_STATUSES) }),
        ]),
        events: z.array(
          z.object({
            status: z.string(),
            location: z.string().nullable(),
            note: z.string().nullable(),
            at: z.string(),
          }),
        ),
      })
      .nullable()
      .describe('null until the seller creates the invoice and shipment'),
  })
  .meta({ id: 'ItemTracking' });
export type ItemTracking = z.infer<typeof ItemTracking>;
