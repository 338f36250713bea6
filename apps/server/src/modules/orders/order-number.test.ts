import { describe, expect, it } from 'vitest';
import { newOrderNo } from './place-order.ts';

describe('a new order’s number', () => {
  it('carries the day in India: placed at 20:00 UTC on 20 Nov 2026 (01:30 on the 21st in India), it is dated 21 Nov', () => {
    expect(newOrderNo(new Date('2026-11-20T20:00:00Z'))).toMatch(/^OD20261121\d{10}$/);
    expect(newOrderNo(new Date('2026-11-20T12:00:00Z'))).toMatch(/^OD20261120\d{10}$/);
  });
});
