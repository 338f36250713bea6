import { describe, expect, it } from 'vitest';
import { indianDateTime, ordersCsvLine } from './orders-csv.ts';

describe('the orders CSV (requirements#seller-orders)', () => {
  it('writes times in India', () => {
    expect(indianDateTime(new Date('2026-11-20T20:00:00Z'))).toBe('2026-11-21 01:30');
    expect(indianDateTime(new Date('2026-11-20T18:29:00Z'))).toBe('2026-11-20 23:59');
  });

  it('writes an item’s line with rupees, the status in words, and formula-like cells escaped', () => {
    const line = ordersCsvLine({
      orderNo: 'OD2026112100001',
      placedAt: new Date('2026-11-20T20:00:00Z'),
      sku: 'DM-TEE-01',
      productName: 'Cotton tee, "navy"',
      quantity: 2,
      amountPaise: 119_800,
      buyerName: '=HYPERLINK("x")',
      city: 'Bengaluru',
      status: 'pending',
      awbNo: null,
    });
    expect(line).toBe(
      'OD2026112100001,2026-11-21 01:30,DM-TEE-01,"Cotton tee, ""navy""",2,1198.00,"\'=HYPERLINK(""x"")",Bengaluru,To ship,\r\n',
    );
  });
});
