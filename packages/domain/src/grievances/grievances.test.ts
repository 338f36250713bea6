import { describe, expect, it } from 'vitest';
import { FileGrievanceInput, GrievanceOfficer, hasControlCharacters } from './grievance-api.ts';
import {
  acknowledgeBy,
  ageInWords,
  deadlineState,
  GRIEVANCE_MESSAGES,
  type GrievanceStatus,
  type GrievanceStep,
  grievanceDeadlines,
  grievanceStep,
  indianYear,
  resolveBy,
  TICKET_NO,
  ticketNumber,
} from './grievances.ts';

// requirements#grievances: moments written in Indian time, as the rules count them
const ist = (local: string) => new Date(`${local}+05:30`);

describe('the acknowledgement is due 48 hours after filing', () => {
  const table: [string, string][] = [
    ['2026-11-28T10:00:00', '2026-11-30T10:00:00'],
    ['2026-12-31T23:30:00', '2027-01-02T23:30:00'],
    ['2028-02-28T12:00:00', '2028-03-01T12:00:00'], // a leap year's 29 February
  ];
  for (const [filed, due] of table)
    it(`filed ${filed} IST: due ${due} IST`, () => {
      expect(acknowledgeBy(ist(filed)).toISOString()).toBe(ist(due).toISOString());
    });
});

describe('the resolution is due by the end of the Indian day one month after filing', () => {
  const table: [string, string][] = [
    ['2026-11-28T10:00:00', '2026-12-28T23:59:59.999'],
    ['2026-12-15T18:00:00', '2027-01-15T23:59:59.999'], // across the year
    ['2026-01-31T09:00:00', '2026-02-28T23:59:59.999'], // February has no 31st
    ['2028-01-31T09:00:00', '2028-02-29T23:59:59.999'], // nor 30th, in a leap year either
    ['2026-03-31T12:00:00', '2026-04-30T23:59:59.999'],
    // 01:30 IST on 1 April is still 31 March in UTC: India's day counts
    ['2026-04-01T01:30:00', '2026-05-01T23:59:59.999'],
    ['2026-04-30T23:59:00', '2026-05-30T23:59:59.999'],
  ];
  for (const [filed, due] of table)
    it(`filed ${filed} IST: due ${due} IST`, () => {
      expect(resolveBy(ist(filed)).toISOString()).toBe(ist(due).toISOString());
    });
});

describe('where a deadline stands', () => {
  const due = ist('2026-11-30T10:00:00');
  const soon = 12 * 60 * 60 * 1000;
  const table: [string, string | null, string, ReturnType<typeof deadlineState>][] = [
    ['a day before, not done', null, '2026-11-29T10:00:00', 'on-track'],
    ['12 hours before, not done', null, '2026-11-29T22:00:00', 'due-soon'],
    ['a minute before', null, '2026-11-30T09:59:00', 'due-soon'],
    ['at the moment itself', null, '2026-11-30T10:00:00', 'due-soon'],
    ['a second after', null, '2026-11-30T10:00:01', 'overdue'],
    ['done before it, read later', '2026-11-29T09:00:00', '2026-12-05T00:00:00', 'met'],
    ['done at it', '2026-11-30T10:00:00', '2026-12-05T00:00:00', 'met'],
    ['done after it', '2026-11-30T10:00:01', '2026-12-05T00:00:00', 'missed'],
  ];
  for (const [name, done, now, state] of table)
    it(`${name}: ${state}`, () => {
      expect(deadlineState(due, done ? ist(done) : null, ist(now), soon)).toBe(state);
    });
});

describe('a ticket’s two deadlines', () => {
  const filedAt = ist('2026-11-01T10:00:00');
  const table: {
    name: string;
    acknowledgedAt?: string;
    resolvedAt?: string;
    now: string;
    acknowledgement: string;
    resolution: string;
    isOverdue: boolean;
    isDueSoon: boolean;
  }[] = [
    {
      name: 'just filed',
      now: '2026-11-01T11:00:00',
      acknowledgement: 'on-track',
      resolution: 'on-track',
      isOverdue: false,
      isDueSoon: false,
    },
    {
      name: 'not acknowledged, 40 hours on',
      now: '2026-11-03T02:00:00',
      acknowledgement: 'due-soon',
      resolution: 'on-track',
      isOverdue: false,
      isDueSoon: true,
    },
    {
      name: 'not acknowledged, 3 days on',
      now: '2026-11-04T10:00:00',
      acknowledgement: 'overdue',
      resolution: 'on-track',
      isOverdue: true,
      isDueSoon: false,
    },
    {
      name: 'acknowledged in time, 4 days before the month ends',
      acknowledgedAt: '2026-11-02T09:00:00',
      now: '2026-11-28T10:00:00',
      acknowledgement: 'met',
      resolution: 'due-soon',
      isOverdue: false,
      isDueSoon: true,
    },
    {
      name: 'acknowledged late, past the month',
      acknowledgedAt: '2026-11-05T09:00:00',
      now: '2026-12-02T00:00:00',
      acknowledgement: 'missed',
      resolution: 'overdue',
      isOverdue: true,
      isDueSoon: false,
    },
    {
      name: 'resolved on the first day without an acknowledgement first',
      resolvedAt: '2026-11-01T18:00:00',
      now: '2026-12-15T00:00:00',
      acknowledgement: 'met',
      resolution: 'met',
      isOverdue: false,
      isDueSoon: false,
    },
    {
      name: 'resolved on the last day',
      acknowledgedAt: '2026-11-01T12:00:00',
      resolvedAt: '2026-12-01T23:59:00',
      now: '2026-12-15T00:00:00',
      acknowledgement: 'met',
      resolution: 'met',
      isOverdue: false,
      isDueSoon: false,
    },
  ];
  for (const row of table)
    it(row.name, () => {
      const deadlines = grievanceDeadlines(
        {
          filedAt,
          acknowledgedAt: row.acknowledgedAt ? ist(row.acknowledgedAt) : null,
          resolvedAt: row.resolvedAt ? ist(row.resolvedAt) : null,
        },
        ist(row.now),
      );
      expect(deadlines).toMatchObject({
        acknowledgement: row.acknowledgement,
        resolution: row.resolution,
        isOverdue: row.isOverdue,
        isDueSoon: row.isDueSoon,
      });
      expect(deadlines.acknowledgeBy.toISOString()).toBe(ist('2026-11-03T10:00:00').toISOString());
      expect(deadlines.resolveBy.toISOString()).toBe(ist('2026-12-01T23:59:59.999').toISOString());
    });
});

describe('ticket numbers', () => {
  const table: [number, number, string][] = [
    [2026, 1, 'GRV-2026-000001'],
    [2026, 123, 'GRV-2026-000123'],
    [2027, 999_999, 'GRV-2027-999999'],
    [2027, 1_000_000, 'GRV-2027-1000000'],
  ];
  for (const [year, sequence, expected] of table)
    it(`${year} #${sequence}: ${expected}`, () => {
      expect(ticketNumber(year, sequence)).toBe(expected);
      expect(TICKET_NO.test(expected)).toBe(true);
    });
  it('counts by the Indian year', () => {
    expect(indianYear(ist('2026-12-31T23:59:00'))).toBe(2026);
    expect(indianYear(ist('2027-01-01T00:30:00'))).toBe(2027); // still 2026 in UTC
  });
  for (const bad of ['GRV-2026-12', 'grv-2026-000001', 'GRV-2026-000001x', '../GRV-2026-000001', ''])
    it(`refuses ${JSON.stringify(bad)}`, () => expect(TICKET_NO.test(bad)).toBe(false));
});

describe('a ticket’s steps', () => {
  const table: [GrievanceStatus, GrievanceStep, string][] = [
    ['open', 'acknowledge', 'acknowledged'],
    ['acknowledged', 'acknowledge', 'ALREADY_ACKNOWLEDGED'],
    ['resolved', 'acknowledge', 'RESOLVED'],
    ['open', 'staff-reply', 'NOT_ACKNOWLEDGED'],
    ['acknowledged', 'staff-reply', 'acknowledged'],
    ['resolved', 'staff-reply', 'RESOLVED'],
    ['open', 'resolve', 'resolved'],
    ['acknowledged', 'resolve', 'resolved'],
    ['resolved', 'resolve', 'RESOLVED'],
    ['open', 'shopper-reply', 'open'],
    ['acknowledged', 'shopper-reply', 'acknowledged'],
    ['resolved', 'shopper-reply', 'RESOLVED'],
  ];
  for (const [status, step, expected] of table)
    it(`${step} on ${status}: ${expected}`, () => {
      const result = grievanceStep(status, step);
      expect(result.ok ? result.status : result.code).toBe(expected);
    });
  it('a resolved ticket says why', () => {
    expect(grievanceStep('resolved', 'shopper-reply')).toMatchObject({
      message: GRIEVANCE_MESSAGES.resolved,
    });
  });
});

describe('a ticket’s age in words', () => {
  const filed = ist('2026-11-28T10:00:00');
  const table: [string, string][] = [
    ['2026-11-28T10:00:30', '0 minutes'],
    ['2026-11-28T10:01:00', '1 minute'],
    ['2026-11-28T11:00:00', '1 hour'],
    ['2026-11-30T09:59:00', '47 hours'],
    ['2026-11-30T10:00:00', '2 days'],
    ['2026-12-28T10:00:00', '30 days'],
  ];
  for (const [now, words] of table)
    it(`${now}: ${words}`, () => expect(ageInWords(filed, ist(now))).toBe(words));
});

describe('filing a complaint', () => {
  const valid = {
    category: 'damaged',
    subject: 'Cracked screen',
    description: 'The phone arrived with a cracked screen and the box was torn.',
  };
  const table: [string, Record<string, unknown>, string | null][] = [
    ['a whole complaint', valid, null],
    ['with an order', { ...valid, orderNo: 'OD-1234' }, null],
    ['an empty order reads as none', { ...valid, orderNo: '' }, null],
    ['no category', { ...valid, category: undefined }, GRIEVANCE_MESSAGES.chooseCategory],
    ['an unknown category', { ...valid, category: 'prize' }, GRIEVANCE_MESSAGES.chooseCategory],
    ['a short subject', { ...valid, subject: '  hi  ' }, GRIEVANCE_MESSAGES.subjectLength],
    ['a long subject', { ...valid, subject: 'x'.repeat(121) }, GRIEVANCE_MESSAGES.subjectLength],
    ['a short description', { ...valid, description: 'Broken.' }, GRIEVANCE_MESSAGES.descriptionLength],
    ['a long description', { ...valid, description: 'x'.repeat(2001) }, GRIEVANCE_MESSAGES.descriptionLength],
    [
      'a NUL byte',
      { ...valid, description: `${valid.description}\u0000` },
      GRIEVANCE_MESSAGES.controlCharacters,
    ],
    ['an order with a slash', { ...valid, orderNo: '../1' }, GRIEVANCE_MESSAGES.orderNotFound],
  ];
  for (const [name, input, message] of table)
    it(`${name}: ${message ?? 'accepted'}`, () => {
      const parsed = FileGrievanceInput.safeParse(input);
      expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(message);
    });
  it('keeps line breaks and tabs, trims the ends', () => {
    const parsed = FileGrievanceInput.parse({
      ...valid,
      description: `  ${valid.description}\r\n\tThanks.  `,
    });
    expect(parsed.description).toBe(`${valid.description}\n\tThanks.`);
    expect(hasControlCharacters('a\u0007b')).toBe(true);
  });
});

describe('the grievance officer', () => {
  const officer = {
    name: 'Meera Iyer',
    designation: 'Grievance Officer',
    email: 'grievance@bazaar.example',
    phone: '+91 80 4000 1234',
    address: '4th Floor, 100 Feet Road, Indiranagar, Bengaluru 560038',
    hours: 'Monday to Friday, 9:30 to 18:00',
  };
  it('takes a whole officer', () => expect(GrievanceOfficer.safeParse(officer).success).toBe(true));
  const table: [string, Partial<typeof officer>][] = [
    ['an empty name', { name: ' ' }],
    ['a bad email', { email: 'grievance' }],
    ['letters in the phone', { phone: 'call us' }],
    ['a long address', { address: 'x'.repeat(301) }],
  ];
  for (const [name, change] of table)
    it(`refuses ${name}`, () =>
      expect(GrievanceOfficer.safeParse({ ...officer, ...change }).success).toBe(false));
});
