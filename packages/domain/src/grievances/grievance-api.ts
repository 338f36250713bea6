// requirements#grievances: the shopper's side of a complaint (filing, the list, a ticket's page,
// replies) and the grievance officer the pages name; one contract for the server and the pages.
import { z } from 'zod';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_LIMITS,
  GRIEVANCE_MESSAGES,
  GRIEVANCE_STATUSES,
  TICKET_NO,
} from './grievances.ts';

/** True when the text holds a control character other than a line break or a tab (a NUL byte included). */
export function hasControlCharacters(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if ((code < 32 && char !== '\n' && char !== '\r' && char !== '\t') || code === 127) return true;
  }
  return false;
}

/** Text typed by a person: trimmed, between `min` and `max` characters, no control characters. */
export const typedText = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .max(max * 2, message)
    .refine((text) => !hasControlCharacters(text), GRIEVANCE_MESSAGES.controlCharacters)
    .transform((text) => text.trim().replace(/\r\n/g, '\n'))
    .pipe(z.string().min(min, message).max(max, message));

export const TicketNo = z.string().regex(TICKET_NO, GRIEVANCE_MESSAGES.notFound);

/** A shopper's complaint; the order (optional) must be one of theirs. */
export const FileGrievanceInput = z.object({
  category: z.enum(GRIEVANCE_CATEGORIES, { error: GRIEVANCE_MESSAGES.chooseCategory }),
  subject: typedText(
    GRIEVANCE_LIMITS.subjectMin,
    GRIEVANCE_LIMITS.subjectMax,
    GRIEVANCE_MESSAGES.subjectLength,
  ),
  orderNo: z
    .string({ error: GRIEVANCE_MESSAGES.orderNotFound })
    .max(40, GRIEVANCE_MESSAGES.orderNotFound)
    .regex(/^[A-Za-z0-9-]*$/, GRIEVANCE_MESSAGES.orderNotFound)
    .optional()
    .transform((orderNo) => orderNo || undefined),
  description: typedText(
    GRIEVANCE_LIMITS.descriptionMin,
    GRIEVANCE_LIMITS.descriptionMax,
    GRIEVANCE_MESSAGES.descriptionLength,
  ),
});
export type FileGrievanceInput = z.infer<typeof FileGrievanceInput>;

/** A reply on a ticket, from the shopper or staff. */
export const GrievanceMessageInput = z.object({
  message: typedText(1, GRIEVANCE_LIMITS.messageMax, GRIEVANCE_MESSAGES.messageLength),
});
export type GrievanceMessageInput = z.infer<typeof GrievanceMessageInput>;

export const GRIEVANCE_MESSAGE_KINDS = ['reply', 'acknowledgement', 'resolution'] as const;
export const GrievanceMessage = z.object({
  id: z.number().int(),
  kind: z.enum(GRIEVANCE_MESSAGE_KINDS),
  /** who wrote it, as the shopper sees it */
  author: z.enum(['shopper', 'staff']),
  body: z.string(),
  at: z.string(),
});
export type GrievanceMessage = z.infer<typeof GrievanceMessage>;

/** A ticket as the shopper's list shows it. */
export const GrievanceSummary = z.object({
  ticketNo: z.string(),
  category: z.enum(GRIEVANCE_CATEGORIES),
  subject: z.string(),
  orderNo: z.string().nullable(),
  status: z.enum(GRIEVANCE_STATUSES),
  filedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** when the shopper may expect the acknowledgement and the resolution */
  acknowledgeBy: z.string(),
  resolveBy: z.string(),
});
export type GrievanceSummary = z.infer<typeof GrievanceSummary>;

export const MyGrievances = z.object({ grievances: z.array(GrievanceSummary) });
export type MyGrievances = z.infer<typeof MyGrievances>;

/** A ticket's page: what the shopper wrote, the staff's answers and the shopper's replies, oldest first. */
export const GrievanceDetail = GrievanceSummary.extend({
  description: z.string(),
  resolution: z.string().nullable(),
  messages: z.array(GrievanceMessage),
});
export type GrievanceDetail = z.infer<typeof GrievanceDetail>;

/** The answer to a filing: the ticket at once. */
export const GrievanceFiled = z.object({ ticketNo: z.string(), message: z.string() });
export type GrievanceFiled = z.infer<typeof GrievanceFiled>;

/** A step done on a ticket (a reply, an acknowledgement, a resolution): its status now. */
export const GrievanceStepDone = z.object({
  ticketNo: z.string(),
  status: z.enum(GRIEVANCE_STATUSES),
  message: z.string(),
});
export type GrievanceStepDone = z.infer<typeof GrievanceStepDone>;

/** The shopper's orders a complaint may be about, newest first. */
export const GrievanceOrders = z.object({
  orders: z.array(z.object({ orderNo: z.string(), placedAt: z.string(), summary: z.string() })),
});
export type GrievanceOrders = z.infer<typeof GrievanceOrders>;

export const GRIEVANCE_OFFICER_LIMITS = {
  name: 100,
  designation: 100,
  email: 254,
  phone: 20,
  address: 300,
  hours: 120,
};
const officerText = (label: string, max: number) => typedText(1, max, `${label}: 1 to ${max} characters.`);

/** The grievance officer the grievance and policy pages name (requirements#grievances). */
export const GrievanceOfficer = z.object({
  name: officerText('Name', GRIEVANCE_OFFICER_LIMITS.name),
  designation: officerText('Designation', GRIEVANCE_OFFICER_LIMITS.designation),
  email: z
    .string({ error: 'Enter the officer’s email address.' })
    .trim()
    .max(GRIEVANCE_OFFICER_LIMITS.email, 'Enter the officer’s email address.')
    .pipe(z.email('Enter the officer’s email address.')),
  phone: z
    .string({ error: 'Enter the officer’s phone number.' })
    .trim()
    .regex(/^\+?[0-9][0-9 -]{7,18}$/, 'Enter the officer’s phone number (digits, spaces or dashes).'),
  address: officerText('Address', GRIEVANCE_OFFICER_LIMITS.address),
  hours: officerText('Hours', GRIEVANCE_OFFICER_LIMITS.hours),
});
export type GrievanceOfficer = z.infer<typeof GrievanceOfficer>;
