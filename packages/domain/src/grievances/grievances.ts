// requirements#grievances: a shopper's complaint under the Consumer Protection (E-Commerce) Rules,
// 2020: a ticket number at once, an acknowledgement within 48 hours and a resolution within one
// month of its filing. Pure rules: the deadlines (Indian time), the ticket's number and its steps.

/** The acknowledgement is due this many hours after filing (rule 4(5)). */
export const ACKNOWLEDGE_WITHIN_HOURS = 48;
/** The resolution is due within this many months of filing, to the end of that Indian day. */
export const RESOLVE_WITHIN_MONTHS = 1;
/** An acknowledgement due within this many hours is about to be late. */
export const ACKNOWLEDGE_SOON_HOURS = 12;
/** A resolution due within this many days is about to be late. */
export const RESOLVE_SOON_DAYS = 5;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** India keeps +05:30 all year. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

export const GRIEVANCE_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export type GrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];
export const GRIEVANCE_STATUS_LABELS: Record<GrievanceStatus, string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
};

/** What a complaint is about; the shopper picks one. */
export const GRIEVANCE_CATEGORIES = [
  'delivery',
  'damaged',
  'wrong-item',
  'refund',
  'return',
  'seller',
  'account',
  'other',
] as const;
export type GrievanceCategory = (typeof GRIEVANCE_CATEGORIES)[number];
export const GRIEVANCE_CATEGORY_LABELS: Record<GrievanceCategory, string> = {
  delivery: 'Order not delivered or delayed',
  damaged: 'Damaged or defective product',
  'wrong-item': 'Wrong or missing item',
  refund: 'Refund or payment',
  return: 'Return, replacement or cancellation',
  seller: 'Seller’s conduct',
  account: 'Account, privacy or personal data',
  other: 'Something else',
};

export const GRIEVANCE_LIMITS = {
  subjectMin: 5,
  subjectMax: 120,
  descriptionMin: 20,
  descriptionMax: 2000,
  messageMax: 2000,
} as const;

/** `GRV-2026-000123`: the Indian year of filing and that year's running number. */
export const TICKET_NO = /^GRV-\d{4}-\d{6,9}$/;
export function ticketNumber(year: number, sequence: number): string {
  return `GRV-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The Indian calendar year of a moment (a ticket filed at 00:30 IST on 1 January is the new year's). */
export function indianYear(at: Date): number {
  return new Date(at.getTime() + IST_OFFSET_MS).getUTCFullYear();
}

/** When the acknowledgement is due: 48 hours after filing. */
export function acknowledgeBy(filedAt: Date): Date {
  return new Date(filedAt.getTime() + ACKNOWLEDGE_WITHIN_HOURS * HOUR_MS);
}

/**
 * When the resolution is due: the end of the Indian day one month after the day of filing; a day
 * the next month lacks (31 January) becomes that month's last (28 or 29 February).
 */
export function resolveBy(filedAt: Date): Date {
  const local = new Date(filedAt.getTime() + IST_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + RESOLVE_WITHIN_MONTHS;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  // the start of the next Indian day, less a millisecond
  return new Date(Date.UTC(year, month, day + 1) - IST_OFFSET_MS - 1);
}

/**
 * Where a deadline stands: `met` or `missed` once done (by when it was done), otherwise
 * `overdue` past it, `due-soon` within `soonMs` of it, `on-track` before that.
 */
export type DeadlineState = 'on-track' | 'due-soon' | 'overdue' | 'met' | 'missed';
export function deadlineState(due: Date, doneAt: Date | null, now: Date, soonMs: number): DeadlineState {
  if (doneAt) return doneAt.getTime() <= due.getTime() ? 'met' : 'missed';
  const left = due.getTime() - now.getTime();
  if (left < 0) return 'overdue';
  return left <= soonMs ? 'due-soon' : 'on-track';
}

export type GrievanceClock = {
  filedAt: Date;
  acknowledgedAt: Date | null;
  resolvedAt: Date | null;
};

export type GrievanceDeadlines = {
  acknowledgeBy: Date;
  resolveBy: Date;
  acknowledgement: DeadlineState;
  resolution: DeadlineState;
  /** open past either limit */
  isOverdue: boolean;
  /** open, within reach of a limit but past neither */
  isDueSoon: boolean;
};

/** Both deadlines of a ticket and where each stands at `now`. */
export function grievanceDeadlines(ticket: GrievanceClock, now: Date): GrievanceDeadlines {
  const ackBy = acknowledgeBy(ticket.filedAt);
  const resBy = resolveBy(ticket.filedAt);
  // resolving a ticket acknowledges it too, if nobody had
  const acknowledgedAt = ticket.acknowledgedAt ?? ticket.resolvedAt;
  const acknowledgement = deadlineState(ackBy, acknowledgedAt, now, ACKNOWLEDGE_SOON_HOURS * HOUR_MS);
  const resolution = deadlineState(resBy, ticket.resolvedAt, now, RESOLVE_SOON_DAYS * DAY_MS);
  const states = [acknowledgement, resolution];
  return {
    acknowledgeBy: ackBy,
    resolveBy: resBy,
    acknowledgement,
    resolution,
    isOverdue: states.includes('overdue'),
    isDueSoon: !states.includes('overdue') && states.includes('due-soon'),
  };
}

export const DEADLINE_LABELS: Record<DeadlineState, string> = {
  'on-track': 'On time',
  'due-soon': 'Due soon',
  overdue: 'Overdue',
  met: 'Done in time',
  missed: 'Done late',
};

/** How old a ticket is, in words: "5 hours", "3 days". */
export function ageInWords(filedAt: Date, now: Date): string {
  const ms = Math.max(0, now.getTime() - filedAt.getTime());
  if (ms < HOUR_MS) {
    const minutes = Math.floor(ms / 60_000);
    return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  }
  if (ms < 2 * DAY_MS) {
    const hours = Math.floor(ms / HOUR_MS);
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  return `${Math.floor(ms / DAY_MS)} days`;
}

export const GRIEVANCE_MESSAGES = {
  notLoggedIn: 'Please log in to file a complaint.',
  notFound: 'This complaint was not found.',
  orderNotFound: 'Choose one of your orders, or none.',
  chooseCategory: 'Choose what your complaint is about.',
  subjectLength: `Write a subject of ${GRIEVANCE_LIMITS.subjectMin} to ${GRIEVANCE_LIMITS.subjectMax} characters.`,
  descriptionLength: `Describe the problem in ${GRIEVANCE_LIMITS.descriptionMin} to ${GRIEVANCE_LIMITS.descriptionMax.toLocaleString('en-IN')} characters.`,
  messageLength: `Write a message of 1 to ${GRIEVANCE_LIMITS.messageMax.toLocaleString('en-IN')} characters.`,
  resolutionLength: `Write the resolution in 1 to ${GRIEVANCE_LIMITS.messageMax.toLocaleString('en-IN')} characters.`,
  controlCharacters: 'The text cannot hold control characters.',
  filed: (ticketNo: string) => `Your complaint is registered. Your ticket number is ${ticketNo}.`,
  replied: 'Your reply is added.',
  alreadyAcknowledged: 'This complaint is already acknowledged.',
  notAcknowledged: 'Acknowledge the complaint before replying.',
  resolved: 'This complaint is resolved; it takes no more replies.',
  acknowledgedDone: 'Complaint acknowledged. The shopper is told.',
  staffRepliedDone: 'Reply sent to the shopper.',
  resolvedDone: 'Complaint resolved. The shopper is told.',
} as const;

export type GrievanceStep = 'acknowledge' | 'staff-reply' | 'resolve' | 'shopper-reply';
export type GrievanceStepResult =
  | { ok: true; status: GrievanceStatus }
  | { ok: false; code: 'ALREADY_ACKNOWLEDGED' | 'NOT_ACKNOWLEDGED' | 'RESOLVED'; message: string };

/**
 * A ticket's steps: staff acknowledge an open ticket, reply to an acknowledged one and resolve
 * either (resolving an open ticket acknowledges it too); the shopper replies until it is resolved.
 * A resolved ticket takes nothing more.
 */
export function grievanceStep(status: GrievanceStatus, step: GrievanceStep): GrievanceStepResult {
  if (status === 'resolved') return { ok: false, code: 'RESOLVED', message: GRIEVANCE_MESSAGES.resolved };
  switch (step) {
    case 'acknowledge':
      return status === 'open'
        ? { ok: true, status: 'acknowledged' }
        : { ok: false, code: 'ALREADY_ACKNOWLEDGED', message: GRIEVANCE_MESSAGES.alreadyAcknowledged };
    case 'staff-reply':
      return status === 'acknowledged'
        ? { ok: true, status }
        : { ok: false, code: 'NOT_ACKNOWLEDGED', message: GRIEVANCE_MESSAGES.notAcknowledged };
    case 'resolve':
      return { ok: true, status: 'resolved' };
    case 'shopper-reply':
      return { ok: true, status };
  }
}

/** The console's filters of the ticket list. */
export const GRIEVANCE_FILTERS = [
  'unresolved',
  'overdue',
  'open',
  'acknowledged',
  'resolved',
  'all',
] as const;
export type GrievanceFilter = (typeof GRIEVANCE_FILTERS)[number];
export const GRIEVANCE_FILTER_LABELS: Record<GrievanceFilter, string> = {
  unresolved: 'Not resolved',
  overdue: 'Past a limit',
  open: 'Open',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
  all: 'All',
};
export const GRIEVANCE_PAGE_SIZE = 25;
