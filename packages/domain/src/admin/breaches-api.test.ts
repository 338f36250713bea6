import { describe, expect, it } from 'vitest';
import {
  boardReportDueAt,
  boardReportText,
  BreachAudience,
  breachNoticeText,
  contactEntries,
  contactOf,
  RecordBreachInput,
  timeLeft,
} from './breaches-api.ts';

// requirements#privacy-breach
const facts = {
  summary: 'A copy of the orders database was left readable on a public link.',
  nature: 'Unauthorised access to a backup.',
  discoveredAt: new Date('2026-12-06T04:00:00Z'),
  location: 'The backup storage of our hosting provider.',
  consequences: 'Fraud calls using your order details.',
  measures: 'We closed the link and rotated every key.',
  safetySteps: 'Never share an OTP.',
  contact: 'Anita Rao, grievance@example.com',
  categories: ['contact', 'bank-accounts'] as const,
};

describe('the Board’s 72 hours', () => {
  it('fall due 72 hours after the discovery, and say how long is left or overdue', () => {
    expect(boardReportDueAt('2026-12-06T04:00:00Z').toISOString()).toBe('2026-12-09T04:00:00.000Z');
    expect(timeLeft('2026-12-09T04:00:00Z', new Date('2026-12-07T02:30:00Z'))).toBe('49 h 30 min left');
    expect(timeLeft('2026-12-09T04:00:00Z', new Date('2026-12-09T05:05:00Z'))).toBe('1 h 5 min overdue');
  });
});

describe('the notice of rule 7(1)', () => {
  it('holds the five contents, the time in IST and the kinds of data in words', () => {
    const { subject, body } = breachNoticeText(facts, 'Priya');
    expect(subject).toMatch(/breach of your personal data/);
    expect(body).toMatch(/^Hello Priya,/);
    for (const text of [
      facts.summary,
      facts.nature,
      facts.location,
      facts.consequences,
      facts.measures,
      facts.safetySteps,
    ])
      expect(body).toContain(text);
    expect(body).toContain('Sun, 6 Dec 2026, 9:30 am IST');
    expect(body).toContain('names, email addresses and mobile numbers; bank account details');
    expect(body).toContain(`Grievance Officer, ${facts.contact}`);
  });
});

describe('the report of rule 7(2)', () => {
  it('names what is not yet known as pending, and reports the intimations', () => {
    const report = boardReportText({
      ...facts,
      audienceText: 'a list of 2 email addresses',
      affectedCount: 1234,
      circumstances: '',
      causeFindings: 'An engineer’s configuration change.',
      remedialMeasures: '',
      notifiedAt: new Date('2026-12-06T05:00:00Z'),
      sentCount: 1200,
      failedCount: 3,
      lastSentAt: new Date('2026-12-06T05:10:00Z'),
    });
    expect(report).toContain('People affected: 1,234 (a list of 2 email addresses)');
    expect(report).toContain('Not yet established; to be updated.');
    expect(report).toContain('An engineer’s configuration change.');
    expect(report).toContain(
      'delivered to the mail service: 1,200 (the last at Sun, 6 Dec 2026, 10:40 am IST); undeliverable after retries: 3',
    );
  });
});

describe('choosing the people', () => {
  it('reads pasted emails and Indian mobiles, and nothing else', () => {
    expect(contactOf(' Priya@Example.com ')).toEqual({ email: 'priya@example.com' });
    expect(contactOf('+91 98765-43210')).toEqual({ mobile: '9876543210' });
    expect(contactOf('09876543210')).toEqual({ mobile: '9876543210' });
    expect(contactOf('12345')).toBeNull();
    expect(contactOf('<b>@x')).toBeNull();
    expect(contactEntries('a@b.in, a@b.in;\n\n c@d.in')).toEqual(['a@b.in', 'c@d.in']);
  });

  it('refuses a reversed range, an unknown rule and a list with junk', () => {
    expect(
      BreachAudience.safeParse({ kind: 'signed-up', from: '2026-12-02', to: '2026-12-01' }).success,
    ).toBe(false);
    expect(
      BreachAudience.safeParse({ kind: 'signed-up', from: '2026-12-01', to: '2026-12-01' }).success,
    ).toBe(true);
    expect(BreachAudience.safeParse({ kind: 'everyone' }).success).toBe(false);
    expect(BreachAudience.safeParse({ kind: 'contacts', list: 'a@b.in\nnot a contact' }).success).toBe(false);
    expect(BreachAudience.safeParse({ kind: 'seller-buyers', sellerId: '12' }).data).toEqual({
      kind: 'seller-buyers',
      sellerId: 12,
    });
  });

  it('leaves the report’s later details optional but not too short', () => {
    const base = {
      ...facts,
      discoveredAt: '2026-12-06T09:30:00+05:30',
      categories: ['contact'],
      submissionKey: 'abcdefghijklmnop',
      audience: { kind: 'contacts', list: 'a@b.in' },
    };
    expect(RecordBreachInput.safeParse(base).success).toBe(true);
    expect(RecordBreachInput.safeParse({ ...base, circumstances: 'short' }).success).toBe(false);
    expect(RecordBreachInput.safeParse({ ...base, circumstances: '   ' }).data?.circumstances).toBe('');
  });
});
