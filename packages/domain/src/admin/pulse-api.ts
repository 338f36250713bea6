// requirements#operator-console: the overview is the operator's to-do list and pulse: what was
// ordered today and this week (Indian days, weeks from Monday) and what waits in each queue, each
// figure linking to its queue. A role sees only the figures of the areas it reaches.
import { z } from 'zod';
import { type ConsoleArea, canReach, type StaffRole } from './console.ts';

export const PULSE_KEYS = [
  'ordersToday',
  'ordersWeek',
  'sellersWaiting',
  'productsInModeration',
  'failedRefunds',
  'grievancesOverdue',
  'grievancesDueSoon',
  'codAwaiting',
  'payoutsFailed',
] as const;
export type PulseKey = (typeof PULSE_KEYS)[number];

type TileSpec = {
  /** the areas whose staff see the tile: any one of them will do */
  areas: readonly ConsoleArea[];
  label: string;
  /** its queue, by the first of its areas the role reaches */
  href: Partial<Record<ConsoleArea, string>>;
  /** a figure that wants someone's attention when above nought (a queue, not a pulse) */
  isTodo: boolean;
};

export const PULSE_TILES: Record<PulseKey, TileSpec> = {
  ordersToday: {
    areas: ['orders', 'reports'],
    label: 'Orders today',
    href: {
      orders: '/admin/orders?from={today}&to={today}',
      reports: '/admin/reports?from={today}&to={today}',
    },
    isTodo: false,
  },
  ordersWeek: {
    areas: ['orders', 'reports'],
    label: 'Orders this week',
    href: {
      orders: '/admin/orders?from={weekFrom}&to={today}',
      reports: '/admin/reports?from={weekFrom}&to={today}',
    },
    isTodo: false,
  },
  sellersWaiting: {
    areas: ['sellers'],
    label: 'Sellers waiting for approval',
    href: { sellers: '/admin/sellers?status=pending' },
    isTodo: true,
  },
  productsInModeration: {
    areas: ['catalog'],
    label: 'Products and edits in moderation',
    href: { catalog: '/admin/catalog' },
    isTodo: true,
  },
  failedRefunds: {
    areas: ['orders'],
    label: 'Failed refunds',
    href: { orders: '/admin/orders/refunds' },
    isTodo: true,
  },
  grievancesOverdue: {
    areas: ['grievances'],
    label: 'Grievances past their limits',
    href: { grievances: '/admin/grievances?status=overdue' },
    isTodo: true,
  },
  grievancesDueSoon: {
    areas: ['grievances'],
    label: 'Grievances near their limits',
    href: { grievances: '/admin/grievances' },
    isTodo: true,
  },
  codAwaiting: {
    areas: ['settlements'],
    label: 'COD parcels awaiting remittance',
    href: { settlements: '/admin/settlements/cod' },
    isTodo: true,
  },
  payoutsFailed: {
    areas: ['settlements'],
    // ADR-0048: refused by the rail, failed or reversed by the bank, and waiting for a fix or a retry
    label: 'Payouts refused or returned',
    href: { settlements: '/admin/settlements/payouts' },
    isTodo: true,
  },
};

/** The tiles a role sees, in the overview's order. */
export const pulseKeysFor = (role: StaffRole): PulseKey[] =>
  PULSE_KEYS.filter((key) => PULSE_TILES[key].areas.some((area) => canReach(role, area)));

/** Where a tile leads for a role: the queue of the first of its areas the role reaches, for its days. */
export function pulseHref(key: PulseKey, role: StaffRole, days: { today: string; weekFrom: string }): string {
  const spec = PULSE_TILES[key];
  const area = spec.areas.find((candidate) => canReach(role, candidate));
  const href = (area && spec.href[area]) ?? '/admin';
  return href.replaceAll('{today}', days.today).replaceAll('{weekFrom}', days.weekFrom);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The first moment of the Indian week (from Monday) holding `at`. */
export function indianWeekStart(at: Date): Date {
  const local = at.getTime() + IST_OFFSET_MS;
  const day = Math.floor(local / DAY_MS);
  // 1 January 1970 was a Thursday: (day + 3) % 7 is 0 on Mondays
  const monday = day - ((day + 3) % 7);
  return new Date(monday * DAY_MS - IST_OFFSET_MS);
}

const figure = z.number().int().nonnegative();

export const PulseTile = z.object({
  key: z.enum(PULSE_KEYS),
  label: z.string(),
  count: figure,
  /** money the figure stands for (GMV, cash owed), when it has one */
  amountPaise: figure.nullable(),
  href: z.string(),
  isTodo: z.boolean(),
});
export type PulseTile = z.infer<typeof PulseTile>;

export const ConsolePulse = z
  .object({
    /** the Indian day and the Monday its week starts on, YYYY-MM-DD */
    today: z.string(),
    weekFrom: z.string(),
    tiles: z.array(PulseTile),
  })
  .meta({ id: 'AdminConsolePulse' });
export type ConsolePulse = z.infer<typeof ConsolePulse>;
