import { describe, expect, it } from 'vitest';
import {
  REPORT_MAX_DAYS,
  REPORT_MESSAGES,
  type Report,
  ReportQuery,
  reportCsv,
  reportDays,
  reportFileName,
  reportRange,
  sumReportRows,
} from './reports-api.ts';

// requirements#operator-reports

describe('the days a report is asked for', () => {
  it.each([
    [{}, { by: 'day' }],
    [
      { by: 'seller', from: '2026-11-01', to: '2026-11-28' },
      { by: 'seller', from: '2026-11-01', to: '2026-11-28' },
    ],
    [{ by: 'category', from: '', to: '' }, { by: 'category' }],
    [
      { from: '2025-11-28', to: '2026-11-28' },
      { by: 'day', from: '2025-11-28', to: '2026-11-28' },
    ],
  ])('%j is read as %j', (input, expected) => {
    const parsed = ReportQuery.safeParse(input);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(expected);
  });

  it.each([
    [{ by: 'month' }, REPORT_MESSAGES.group],
    [{ by: 'day\u0000' }, REPORT_MESSAGES.group],
    [{ from: '2026-11-28', to: '2026-11-01' }, REPORT_MESSAGES.order],
    [{ from: '2024-01-01', to: '2026-11-28' }, REPORT_MESSAGES.tooLong],
    [{ from: '28-11-2026' }, 'from must be a date (YYYY-MM-DD).'],
    [{ to: '2026-13-45' }, 'to must be a real date.'],
    [{ from: `2026-11-01${'x'.repeat(5000)}` }, 'from must be a date (YYYY-MM-DD).'],
  ])('%j is refused: %s', (input, message) => {
    const parsed = ReportQuery.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it(`allows exactly ${REPORT_MAX_DAYS} days`, () => {
    expect(ReportQuery.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true);
    expect(ReportQuery.safeParse({ from: '2024-01-01', to: '2025-01-01' }).success).toBe(false);
  });

  const now = new Date('2026-11-28T20:00:00Z'); // 1:30 on 29 November in India
  it.each([
    [{}, { from: '2026-10-31', to: '2026-11-29' }],
    [{ to: '2026-11-10' }, { from: '2026-10-12', to: '2026-11-10' }],
    [{ from: '2026-02-15' }, { from: '2026-02-15', to: '2026-03-16' }],
    [
      { from: '2026-11-01', to: '2026-11-01' },
      { from: '2026-11-01', to: '2026-11-01' },
    ],
  ])('%j covers %j (30 Indian days by default, today included)', (query, range) => {
    expect(reportRange(query, now)).toEqual(range);
  });

  it('lists every day of the range, across a month and a leap day', () => {
    expect(reportDays('2028-02-27', '2028-03-01')).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(reportDays('2026-11-28', '2026-11-28')).toEqual(['2026-11-28']);
  });
});

const row = (key: string, label: string, gmvPaise: number) => ({
  key,
  label,
  orders: 2,
  units: 3,
  gmvPaise,
  cancelledUnits: 1,
  cancelledPaise: 5_00,
  returnedUnits: 0,
  returnedPaise: 0,
  refunds: 1,
  refundedPaise: 5_00,
});

describe('a report as CSV', () => {
  const rows = [row('7', 'Dakshin Mart, Chennai', 1_234_50), row('9', '=HYPERLINK("evil")', 99)];
  const report: Report = {
    by: 'seller',
    from: '2026-11-01',
    to: '2026-11-28',
    rows,
    totals: sumReportRows(rows, 3),
  };

  it('sums every column but the distinct orders, which are counted apart', () => {
    expect(report.totals).toMatchObject({
      orders: 3,
      units: 6,
      gmvPaise: 1_235_49,
      cancelledUnits: 2,
      refundedPaise: 10_00,
    });
  });

  it('writes rupees with paise, quotes commas, escapes formulas and ends with the totals', () => {
    expect(reportCsv(report).split('\r\n')).toEqual([
      'seller,orders,units,gmv_(inr),cancelled_units,cancelled_value_(inr),returned_units,returned_value_(inr),refunds,refunded_(inr)',
      '"Dakshin Mart, Chennai",2,3,1234.50,1,5.00,0,0.00,1,5.00',
      `"'=HYPERLINK(""evil"")",2,3,0.99,1,5.00,0,0.00,1,5.00`,
      'Total,3,6,1235.49,2,10.00,0,0.00,2,10.00',
      '',
    ]);
    expect(reportFileName(report)).toBe('orders-by-seller-2026-11-01-to-2026-11-28.csv');
  });
});
