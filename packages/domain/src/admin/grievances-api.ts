// requirements#grievances: the console's tickets (roles owner and support), their deadlines and
// steps, and the grievance officer owners edit; one contract for the server's routes and the pages.
import { z } from 'zod';
import { GrievanceDetail, GrievanceMessageInput, typedText } from '../grievances/grievance-api.ts';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_FILTERS,
  GRIEVANCE_LIMITS,
  GRIEVANCE_MESSAGES,
  GRIEVANCE_STATUSES,
} from '../grievances/grievances.ts';
import type { StaffRole } from './console.ts';

/** Only owners name the grievance officer; support reads it. */
export const canEditGrievanceOfficer = (role: StaffRole) => role === 'owner';
export const GRIEVANCE_OFFICER_MESSAGES = {
  ownersOnly: 'Only owners change the grievance officer.',
  saved: 'Grievance officer saved. The grievance and policy pages show it now.',
} as const;

const DEADLINE_STATES = ['on-track', 'due-soon', 'overdue', 'met', 'missed'] as const;
const Deadlines = z.object({
  acknowledgeBy: z.string(),
  resolveBy: z.string(),
  acknowledgement: z.enum(DEADLINE_STATES),
  resolution: z.enum(DEADLINE_STATES),
  isOverdue: z.boolean(),
  isDueSoon: z.boolean(),
});

export const GrievanceQuery = z.object({
  status: z
    .enum(GRIEVANCE_FILTERS, { error: 'Choose a status from the list.' })
    .optional()
    .or(z.literal('').transform(() => undefined))
    .transform((status) => status ?? 'unresolved'),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, 'page must be a whole number from 1.')
    .default('1')
    .transform(Number),
});
export type GrievanceQuery = z.infer<typeof GrievanceQuery>;

export const GrievanceRow = z.object({
  ticketNo: z.string(),
  category: z.enum(GRIEVANCE_CATEGORIES),
  subject: z.string(),
  orderNo: z.string().nullable(),
  shopper: z.object({ name: z.string(), email: z.string() }),
  status: z.enum(GRIEVANCE_STATUSES),
  filedAt: z.string(),
  age: z.string(),
  deadlines: Deadlines,
});
export type GrievanceRow = z.infer<typeof GrievanceRow>;

export const GrievanceList = z.object({
  rows: z.array(GrievanceRow),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
  /** tickets not resolved, and those of them past a limit */
  counts: z.object({ unresolved: z.number().int(), overdue: z.number().int() }),
  now: z.string(),
});
export type GrievanceList = z.infer<typeof GrievanceList>;

export const StaffGrievanceDetail = GrievanceDetail.extend({
  shopper: z.object({ name: z.string(), email: z.string(), mobile: z.string().nullable() }),
  age: z.string(),
  deadlines: Deadlines,
  /** who wrote each staff message (the shopper sees only “staff”) */
  messageAuthors: z.record(z.string(), z.string()),
});
export type StaffGrievanceDetail = z.infer<typeof StaffGrievanceDetail>;

/** An acknowledgement or reply: its message goes to the shopper. */
export const StaffGrievanceMessageInput = GrievanceMessageInput;
export type StaffGrievanceMessageInput = z.infer<typeof StaffGrievanceMessageInput>;

export const ResolveGrievanceInput = z.object({
  resolution: typedText(1, GRIEVANCE_LIMITS.messageMax, GRIEVANCE_MESSAGES.resolutionLength),
});
export type ResolveGrievanceInput = z.infer<typeof ResolveGrievanceInput>;

export { GrievanceStepDone } from '../grievances/grievance-api.ts';
