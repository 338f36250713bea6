// requirements#grievances: the grievance officer the storefront names, and a few complaints from
// the demo shoppers at every stage (one past its acknowledgement, one about to miss its month, one
// resolved), so the console's list shows its flags on a fresh `npm start`.
import { asc, eq, inArray } from 'drizzle-orm';
import {
  acknowledgeBy,
  type GrievanceCategory,
  indianYear,
  resolveBy,
  ticketNumber,
} from '@marketplace/domain/grievances/grievances';
import {
  grievanceCounters,
  grievanceMessages,
  grievanceOfficer,
  grievances,
  orders,
  users,
} from '../schema/index.ts';
import { type SeedContext, DAY_MS } from './context.ts';

export const SEED_GRIEVANCE_OFFICER = {
  name: 'Meera Iyer',
  designation: 'Grievance Officer',
  email: 'grievance.officer@bazaar.example',
  phone: '+91 80 4718 2200',
  address: 'Bazaar, 4th Floor, 100 Feet Road, Indiranagar, Bengaluru 560038',
  hours: 'Monday to Saturday, 9:30 am to 6:00 pm',
};

const HOUR_MS = 60 * 60 * 1000;

type SeedTicket = {
  email: string;
  /** how long ago it was filed */
  ageMs: number;
  category: GrievanceCategory;
  subject: string;
  description: string;
  acknowledgement?: { afterMs: number; body: string };
  replies?: { afterMs: number; author: 'shopper' | 'staff'; body: string }[];
  resolution?: { afterMs: number; body: string };
};

const TICKETS: SeedTicket[] = [
  {
    email: 'rahul@example.com',
    ageMs: 31 * DAY_MS,
    category: 'refund',
    subject: 'Refund not received for returned shoes',
    description:
      'I returned the shoes two weeks after delivery and the pickup was done, but the refund has not reached my account yet.',
    acknowledgement: {
      afterMs: 5 * HOUR_MS,
      body: 'We have received your complaint and are checking the refund with the seller and the bank.',
    },
    replies: [
      { afterMs: 2 * DAY_MS, author: 'shopper', body: 'Any update? It has been ten days since the pickup.' },
    ],
    resolution: {
      afterMs: 6 * DAY_MS,
      body: 'The refund of the full amount was sent again to your bank account and has been credited. Sorry for the delay.',
    },
  },
  {
    email: 'ananya@example.com',
    ageMs: 27 * DAY_MS,
    category: 'damaged',
    subject: 'Pressure cooker lid does not seal',
    description:
      'The lid of the pressure cooker does not seal and steam leaks from the side. The seller has not answered my replacement request.',
    acknowledgement: {
      afterMs: 20 * HOUR_MS,
      body: 'Thank you for writing to us. We have asked the seller to arrange a replacement and will update you.',
    },
  },
  {
    email: 'rahul@example.com',
    ageMs: 3 * DAY_MS,
    category: 'delivery',
    subject: 'Order shows delivered but never arrived',
    description:
      'The tracking page says the order was delivered yesterday, but nobody at home received it and there is no parcel at the gate.',
  },
  {
    email: 'ananya@example.com',
    ageMs: 40 * HOUR_MS,
    category: 'seller',
    subject: 'Seller asked me to pay outside the site',
    description:
      'The seller called and asked me to pay the balance by UPI directly to them to get faster delivery. Is this allowed?',
  },
];

export async function seedGrievances(ctx: SeedContext) {
  const { db, now } = ctx;
  ctx.progress('grievances');
  await db.insert(grievanceOfficer).values({ id: 1, ...SEED_GRIEVANCE_OFFICER, updatedAt: now });
  const emails = [...new Set(TICKETS.map((ticket) => ticket.email))];
  const shoppers = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const counters = new Map<number, number>();
  const sorted = [...TICKETS].sort((a, b) => b.ageMs - a.ageMs);
  for (const ticket of sorted) {
    const shopper = shoppers.find((row) => row.email === ticket.email);
    if (!shopper) continue;
    const [order] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.userId, shopper.id))
      .orderBy(asc(orders.createdAt))
      .limit(1);
    const filedAt = new Date(now.getTime() - ticket.ageMs);
    const at = (afterMs: number) => new Date(filedAt.getTime() + afterMs);
    const year = indianYear(filedAt);
    const sequence = (counters.get(year) ?? 0) + 1;
    counters.set(year, sequence);
    const acknowledgedAt = ticket.acknowledgement
      ? at(ticket.acknowledgement.afterMs)
      : ticket.resolution
        ? at(ticket.resolution.afterMs)
        : null;
    const [row] = await db
      .insert(grievances)
      .values({
        ticketNo: ticketNumber(year, sequence),
        userId: shopper.id,
        orderId: order?.id ?? null,
        category: ticket.category,
        subject: ticket.subject,
        description: ticket.description,
        status: ticket.resolution ? 'resolved' : acknowledgedAt ? 'acknowledged' : 'open',
        filedAt,
        acknowledgeBy: acknowledgeBy(filedAt),
        resolveBy: resolveBy(filedAt),
        acknowledgedAt,
        resolvedAt: ticket.resolution ? at(ticket.resolution.afterMs) : null,
        resolution: ticket.resolution?.body ?? null,
        updatedAt: filedAt,
      })
      .returning({ id: grievances.id });
    if (!row) continue;
    const messages = [
      ...(ticket.acknowledgement
        ? [{ kind: 'acknowledgement', author: 'staff', ...ticket.acknowledgement }]
        : []),
      ...(ticket.replies ?? []).map((reply) => ({ kind: 'reply', ...reply })),
      ...(ticket.resolution ? [{ kind: 'resolution', author: 'staff', ...ticket.resolution }] : []),
    ];
    if (messages.length > 0)
      await db.insert(grievanceMessages).values(
        messages.map((message) => ({
          grievanceId: row.id,
          kind: message.kind,
          author: message.author,
          body: message.body,
          createdAt: at(message.afterMs),
        })),
      );
  }
  if (counters.size > 0)
    await db
      .insert(grievanceCounters)
      .values([...counters].map(([year, lastNumber]) => ({ year, lastNumber })));
}
