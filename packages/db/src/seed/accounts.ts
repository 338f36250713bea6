import { and, eq, gt, inArray } from 'drizzle-orm';
import { applyPlatformPromo, chooseDeliveryOption, deliveryOptions, deliveryZone } from '@marketplace/domain';
import { paidShares, refundPaise } from '@marketplace/domain/orders/refund';
import {
  addresses,
  bankAccounts,
  itemRequestReasons,
  itemRequests,
  orderItems,
  orders,
  payments,
  pincodes,
  products,
  reasonQuestions,
  sellers,
  refunds,
  shipments,
  trackingEvents,
  offers,
  privacyConsents,
  users,
  TRACKING_STEPS,
} from '../schema/index.ts';
import { NOTICE_VERSION } from '@marketplace/domain/privacy/notice';
import type { CatalogRefs } from './catalog.ts';
import { type SeedContext, DAY_MS, daysAgo, seededOrderNo } from './context.ts';
import { DEFAULT_RATE_CARD } from './rate-card.ts';

/** Demo shopper accounts, listed in the README. */
export const DEMO_SHOPPERS = [
  {
    email: 'priya@example.com',
    mobile: '9876543210',
    firstName: 'Priya',
    lastName: 'Sharma',
    gender: 'female',
    dateOfBirth: '1994-03-18',
    addresses: [
      {
        doorNo: 'Flat 4B, Lotus Apartments',
        street: 'Medavakkam Main Road',
        landmark: 'Near Koil',
        pincode: '600100',
      },
      {
        doorNo: '221, 2nd Floor',
        street: '80 Feet Road, Indiranagar',
        landmark: 'Opposite Metro Pillar 58',
        pincode: '560038',
      },
    ],
    scenarios: [
      'pending-cod',
      'shipped',
      'delivered-recent',
      'delivered-old',
      'cancelled-by-customer',
      'returned',
    ],
  },
  {
    email: 'rahul@example.com',
    mobile: '9123456780',
    firstName: 'Rahul',
    lastName: 'Verma',
    gender: 'male',
    dateOfBirth: '1989-11-02',
    addresses: [
      {
        doorNo: 'House 17, Block C',
        street: 'Connaught Place',
        landmark: 'Behind Regal Building',
        pincode: '110001',
      },
      { doorNo: 'Ward 5, Zoo Road', street: 'Tarun Nagar', landmark: 'Near Durga Mandir', pincode: '781005' },
    ],
    scenarios: ['pending-prepaid', 'delivered-recent', 'cancelled-by-seller'],
  },
  {
    email: 'ananya@example.com',
    mobile: '8765432109',
    firstName: 'Ananya',
    lastName: 'Iyer',
    gender: 'female',
    dateOfBirth: null,
    addresses: [
      {
        doorNo: '12, Sea View CHS',
        street: 'Marine Drive',
        landmark: 'Next to Oval Maidan',
        pincode: '400020',
      },
    ],
    scenarios: ['pending-cod', 'delivered-recent'],
  },
] as const;

type Scenario = (typeof DEMO_SHOPPERS)[number]['scenarios'][number];

type Stock = {
  offerId: number;
  productId: number;
  sellerId: number;
  name: string;
  image: string;
  sku: string;
  salePricePaise: number;
  mrpPaise: number;
  weightGrams: number;
  parcelType: string;
  sellerPincode: string;
  returnDays: number;
  replaceDays: number;
  handling: string;
  sellerZones: string[];
};

export async function seedDemoShoppers(ctx: SeedContext, refs: CatalogRefs, passwordHash: string) {
  const rng = ctx.rng.fork('shoppers');
  const pool: Stock[] = await ctx.db
    .select({
      offerId: offers.id,
      productId: products.id,
      sellerId: offers.sellerId,
      name: products.name,
      image: products.mainImage,
      sku: offers.sku,
      salePricePaise: offers.salePricePaise,
      mrpPaise: offers.mrpPaise,
      weightGrams: offers.weightGrams,
      parcelType: offers.parcelType,
      sellerPincode: offers.sellerPincode,
      returnDays: products.returnDays,
      replaceDays: products.replaceDays,
      handling: products.handling,
      sellerZones: sellers.shippingZones,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .where(and(gt(offers.stock, 0), gt(products.returnDays, 0)))
    .orderBy(offers.id)
    .limit(400);
  const pincodeList = [
    ...new Set([
      ...pool.map((p) => p.sellerPincode),
      ...DEMO_SHOPPERS.flatMap((s) => s.addresses.map((a) => a.pincode)),
    ]),
  ];
  const places = new Map(
    (await ctx.db.select().from(pincodes).where(inArray(pincodes.pincode, pincodeList))).map((p) => [
      p.pincode,
      p,
    ]),
  );
  const reasons = await ctx.db.select().from(reasonQuestions).orderBy(reasonQuestions.id);
  const sellerCodes = new Map(refs.sellers.map((s) => [s.id, s.code]));
  let orderCount = 0;
  let invoiceCount = 0;

  for (const shopper of DEMO_SHOPPERS) {
    const [user] = await ctx.db
      .insert(users)
      .values({
        email: shopper.email,
        mobile: shopper.mobile,
        passwordHash,
        firstName: shopper.firstName,
        lastName: shopper.lastName,
        gender: shopper.gender,
        dateOfBirth: shopper.dateOfBirth,
        role: 'shopper',
        emailVerifiedAt: daysAgo(ctx.now, 400),
        mobileVerifiedAt: daysAgo(ctx.now, 400),
        createdAt: daysAgo(ctx.now, 400),
      })
      .returning({ id: users.id });
    if (!user) throw new Error('demo shopper was not inserted');
    // requirements#privacy-consent: the demo shoppers agreed to personalised recommendations
    await ctx.db.insert(privacyConsents).values({
      userId: user.id,
      purpose: 'personalisation',
      isGranted: true,
      noticeVersion: NOTICE_VERSION,
      language: 'en',
      recordedAt: daysAgo(ctx.now, 400),
    });
    const savedAddresses = [];
    for (const [i, a] of shopper.addresses.entries()) {
      const place = places.get(a.pincode);
      if (!place) throw new Error(`demo address pincode ${a.pincode} is not in the pincode list`);
      const [row] = await ctx.db
        .insert(addresses)
        .values({
          userId: user.id,
          firstName: shopper.firstName,
          lastName: shopper.lastName,
          email: shopper.email,
          mobile: shopper.mobile,
          ...a,
          city: place.city,
          state: place.state,
          isDefault: i === 0,
        })
        .returning();
      if (row) savedAddresses.push(row);
    }
    const [bankAccount] = await ctx.db
      .insert(bankAccounts)
      .values({
        userId: user.id,
        accountName: `${shopper.firstName} ${shopper.lastName}`,
        accountNumber: String(rng.int(100_000_000, 999_999_999)) + String(rng.int(100, 999)),
        ...rng.pick(DEMO_BANKS),
        accountType: 'savings',
        isDefault: true,
      })
      .returning({ id: bankAccounts.id, accountNumber: bankAccounts.accountNumber });

    for (const scenario of shopper.scenarios) {
      const address = savedAddresses[0];
      const buyer = address ? places.get(address.pincode) : undefined;
      if (!address || !buyer) continue;
      const plan = planScenario(scenario);
      const placedAt = daysAgo(ctx.now, plan.placedDaysAgo, rng.int(9, 21));
      const delivery = (stock: Stock, quantity: number) => {
        const seller = places.get(stock.sellerPincode);
        if (!seller) throw new Error(`seller pincode ${stock.sellerPincode} missing`);
        const zone = deliveryZone(seller, buyer);
        const options = deliveryOptions({
          zone,
          rateCard: DEFAULT_RATE_CARD,
          parcelType: stock.parcelType,
          weightGrams: stock.weightGrams,
          quantity,
          sellerZones: stock.sellerZones,
          handling: stock.handling,
        });
        const option = chooseDeliveryOption(options);
        return option ? { zone, option } : null;
      };
      const sampled = rng.sample(pool, plan.items);
      const taken = new Set(sampled);
      const lines = sampled.map((drawn) => {
        const quantity = rng.chance(0.3) ? 2 : 1;
        // an offer that cannot reach the shopper (its seller ships nearer, or the goods may not go
        // there) gives way to the next one in the pool that can: no extra draws, so the rest of the
        // seed stays as it was
        const start = pool.indexOf(drawn);
        for (let step = 0; step < pool.length; step++) {
          const stock = pool[(start + step) % pool.length];
          if (!stock || (step > 0 && taken.has(stock))) continue;
          const found = delivery(stock, quantity);
          if (!found) continue;
          taken.add(stock);
          return { stock, quantity, ...found };
        }
        throw new Error(`no offer in the pool reaches ${buyer.pincode}`);
      });
      const itemsTotal = lines.reduce((sum, l) => sum + l.stock.salePricePaise * l.quantity, 0);
      const deliveryTotal = lines.reduce((sum, l) => sum + l.option.chargePaise, 0);
      const { promoPaise, payablePaise } = applyPlatformPromo(itemsTotal + deliveryTotal);
      // requirements#refund-life: each line gives back its part of what was paid (price and delivery, less
      // its share of the promo), as the seller's decision would; never more than the order's total
      const shares = paidShares(
        payablePaise,
        lines.map((l) => ({
          quantity: l.quantity,
          unitPricePaise: l.stock.salePricePaise,
          couponDiscountPaise: 0,
          deliveryChargePaise: l.option.chargePaise,
        })),
      );
      const prepaid = plan.mode === 'prepaid';
      orderCount++;
      const orderNo = seededOrderNo(placedAt, rng.int(1_000_000_000, 9_999_999_999));
      const [order] = await ctx.db
        .insert(orders)
        .values({
          orderNo,
          userId: user.id,
          status: 'placed',
          paymentMode: plan.mode,
          paymentStatus: prepaid
            ? plan.refunded
              ? 'refunded'
              : 'paid'
            : plan.itemStatus === 'delivered'
              ? 'paid'
              : 'pending',
          itemsTotalPaise: itemsTotal,
          deliveryChargePaise: deliveryTotal,
          promoName: 'PromoJun',
          promoDiscountPaise: promoPaise,
          totalPaise: payablePaise,
          deliveryName: `${address.firstName} ${address.lastName}`,
          deliveryPhone: address.mobile,
          deliveryEmail: address.email,
          deliveryAddress: [address.doorNo, address.street, address.landmark].join(', '),
          deliveryPincode: address.pincode,
          deliveryCity: address.city,
          deliveryState: address.state,
          createdAt: placedAt,
          updatedAt: placedAt,
        })
        .returning({ id: orders.id });
      if (!order) throw new Error('order was not inserted');
      if (prepaid) {
        await ctx.db.insert(payments).values({
          orderId: order.id,
          provider: 'sandbox',
          providerOrderId: `sandbox_order_${orderNo}`,
          providerPaymentId: `sandbox_pay_${orderNo}`,
          amountPaise: payablePaise,
          status: 'paid',
          createdAt: placedAt,
          updatedAt: placedAt,
        });
      }
      // one shipment (invoice) per seller once the order has shipped
      const shipmentBySeller = new Map<number, number>();
      const deliveredAt = plan.deliveredDaysAgo === null ? null : daysAgo(ctx.now, plan.deliveredDaysAgo, 15);
      if (plan.trackingUpTo !== null) {
        for (const sellerId of new Set(lines.map((l) => l.stock.sellerId))) {
          invoiceCount++;
          const status = plan.trackingUpTo;
          const [shipment] = await ctx.db
            .insert(shipments)
            .values({
              invoiceNo: `SHP-${sellerCodes.get(sellerId) ?? 'SLR'}-${String(invoiceCount).padStart(6, '0')}`,
              orderId: order.id,
              sellerId,
              status,
              carrier: rng.pick(['Delhivery', 'Ekart', 'Blue Dart', 'India Post']),
              awbNo: String(rng.int(1_000_000_000, 9_999_999_999)),
              createdAt: new Date(placedAt.getTime() + DAY_MS / 2),
              deliveredAt,
            })
            .returning({ id: shipments.id });
          if (!shipment) continue;
          shipmentBySeller.set(sellerId, shipment.id);
          const steps = TRACKING_STEPS.slice(0, TRACKING_STEPS.indexOf(status) + 1);
          const span = (deliveredAt ?? ctx.now).getTime() - placedAt.getTime();
          await ctx.db.insert(trackingEvents).values(
            steps.map((step, i) => ({
              shipmentId: shipment.id,
              status: step,
              location:
                i === steps.length - 1 && step === 'delivered'
                  ? address.city
                  : i < 2
                    ? 'Seller warehouse'
                    : 'Sorting hub',
              occurredAt: new Date(placedAt.getTime() + ((i + 1) * span) / (steps.length + 1)),
            })),
          );
        }
      }
      for (const [index, line] of lines.entries()) {
        const [item] = await ctx.db
          .insert(orderItems)
          .values({
            orderId: order.id,
            productId: line.stock.productId,
            offerId: line.stock.offerId,
            sellerId: line.stock.sellerId,
            shipmentId: shipmentBySeller.get(line.stock.sellerId) ?? null,
            productName: line.stock.name,
            productImage: line.stock.image,
            sku: line.stock.sku,
            quantity: line.quantity,
            unitPricePaise: line.stock.salePricePaise,
            mrpPaise: line.stock.mrpPaise,
            deliveryType: line.option.deliveryType,
            deliveryDays: line.option.arrivingDays,
            deliveryChargePaise: line.option.chargePaise,
            parcelType: line.option.parcelType,
            weightGrams: line.stock.weightGrams,
            zone: line.zone,
            status: plan.itemStatus,
            cancelledQuantity: plan.itemStatus === 'cancelled' ? line.quantity : 0,
            returnedQuantity: plan.returned ? line.quantity : 0,
            returnWindowDays: line.stock.returnDays,
            replaceWindowDays: line.stock.replaceDays,
            deliveredAt,
            createdAt: placedAt,
            updatedAt: placedAt,
          })
          .returning({ id: orderItems.id });
        if (!item) continue;
        const requestKind = plan.itemStatus === 'cancelled' ? 'cancel' : plan.returned ? 'return' : null;
        if (!requestKind) continue;
        const decidedAt = new Date(placedAt.getTime() + 2 * DAY_MS);
        const [request] = await ctx.db
          .insert(itemRequests)
          .values({
            refNo: `${requestKind === 'cancel' ? 'CN' : 'RT'}${orderNo.slice(2)}${item.id}`,
            kind: requestKind,
            orderItemId: item.id,
            userId: user.id,
            quantity: line.quantity,
            status: requestKind === 'cancel' ? 'completed' : 'refund-with-reverse',
            requestedBy: plan.cancelledBy,
            additionalInfo: requestKind === 'return' ? 'The colour looks different from the photos.' : null,
            pickupDate: requestKind === 'return' ? decidedAt.toISOString().slice(0, 10) : null,
            decidedAt,
            // picked up on the day the seller accepted it: the refund below starts then (requirements#return-pickup)
            pickedUpAt: requestKind === 'return' ? decidedAt : null,
            createdAt: new Date(placedAt.getTime() + DAY_MS),
          })
          .returning({ id: itemRequests.id });
        if (!request) continue;
        const reason = reasons.find((r) => r.kind === requestKind);
        if (reason && plan.cancelledBy === 'customer')
          await ctx.db.insert(itemRequestReasons).values({ requestId: request.id, reasonId: reason.id });
        if (prepaid || requestKind === 'return') {
          // a completed refund went through the sandbox: refund (or payout) made, settled 3 days later
          const settledAt = new Date(decidedAt.getTime() + 3 * DAY_MS);
          await ctx.db.insert(refunds).values({
            orderId: order.id,
            requestId: request.id,
            amountPaise: refundPaise(shares[index] ?? 0, line.quantity, 0, line.quantity),
            status: plan.refunded ? 'completed' : 'initiated',
            method: prepaid ? 'original_payment' : 'bank_account',
            bankAccountLast4: prepaid ? null : (bankAccount?.accountNumber.slice(-4) ?? null),
            ...(plan.refunded
              ? {
                  bankAccountId: prepaid ? null : (bankAccount?.id ?? null),
                  provider: 'sandbox',
                  providerRefundId: `sandbox_${prepaid ? 'rfnd' : 'pout'}_seed${request.id}`,
                  processedAt: decidedAt,
                  completedAt: settledAt,
                }
              : {}),
            createdAt: decidedAt,
            updatedAt: plan.refunded ? settledAt : decidedAt,
          });
        }
      }
    }
  }
  ctx.progress(`demo shoppers: ${DEMO_SHOPPERS.length} with addresses and ${orderCount} past orders`);
}

function planScenario(scenario: Scenario) {
  const base = {
    items: 2,
    mode: 'cod' as 'cod' | 'prepaid',
    placedDaysAgo: 1,
    itemStatus: 'pending' as 'pending' | 'shipped' | 'delivered' | 'cancelled',
    trackingUpTo: null as (typeof TRACKING_STEPS)[number] | null,
    deliveredDaysAgo: null as number | null,
    cancelledBy: 'customer' as 'customer' | 'seller',
    returned: false,
    refunded: false,
  };
  switch (scenario) {
    case 'pending-cod':
      return { ...base, items: 1 };
    case 'pending-prepaid':
      return { ...base, mode: 'prepaid' as const, items: 2 };
    case 'shipped':
      return {
        ...base,
        mode: 'prepaid' as const,
        placedDaysAgo: 3,
        itemStatus: 'shipped' as const,
        trackingUpTo: 'in_transit' as const,
      };
    case 'delivered-recent':
      return {
        ...base,
        placedDaysAgo: 6,
        itemStatus: 'delivered' as const,
        trackingUpTo: 'delivered' as const,
        deliveredDaysAgo: 2,
      };
    case 'delivered-old':
      return {
        ...base,
        mode: 'prepaid' as const,
        items: 1,
        placedDaysAgo: 75,
        itemStatus: 'delivered' as const,
        trackingUpTo: 'delivered' as const,
        deliveredDaysAgo: 70,
      };
    case 'cancelled-by-customer':
      return {
        ...base,
        mode: 'prepaid' as const,
        items: 1,
        placedDaysAgo: 9,
        itemStatus: 'cancelled' as const,
        refunded: true,
      };
    case 'cancelled-by-seller':
      return {
        ...base,
        items: 1,
        placedDaysAgo: 12,
        itemStatus: 'cancelled' as const,
        cancelledBy: 'seller' as const,
      };
    case 'returned':
      return {
        ...base,
        mode: 'prepaid' as const,
        items: 1,
        placedDaysAgo: 20,
        itemStatus: 'delivered' as const,
        trackingUpTo: 'delivered' as const,
        deliveredDaysAgo: 15,
        returned: true,
      };
  }
}

/** Demo bank branches: the IFSC's first four letters are its bank's code. */
export const DEMO_BANKS = [
  { ifsc: 'SBIN0001234', bankName: 'State Bank of India' },
  { ifsc: 'HDFC0000123', bankName: 'HDFC Bank' },
  { ifsc: 'ICIC0004567', bankName: 'ICICI Bank' },
  { ifsc: 'UTIB0000789', bankName: 'Axis Bank' },
] as const;
