import { describe, expect, it } from 'vitest';
import { arrivalHeadline } from './arrival-headline.ts';

// Tuesday 24 November 2026, 10:00 in India
const now = new Date('2026-11-24T04:30:00Z');
const at = (iso: string) => ({ arrivingBy: iso, deliveredAt: null, isStopped: false, now });

describe('arrivalHeadline (requirements#tracking)', () => {
  it.each([
    ['2026-11-24T12:00:00Z', { title: 'Arriving today', detail: null }],
    // 23:00 UTC on the 24th is already the 25th in India
    ['2026-11-24T23:00:00Z', { title: 'Arriving tomorrow', detail: 'Wed, 25 Nov' }],
    ['2026-11-27T06:00:00Z', { title: 'Arriving Friday', detail: 'Fri, 27 Nov' }],
    ['2026-11-30T06:00:00Z', { title: 'Arriving Monday', detail: 'Mon, 30 Nov' }],
    ['2026-12-02T06:00:00Z', { title: 'Arriving Wed, 2 Dec', detail: null }],
    ['2026-11-22T06:00:00Z', { title: 'Running late', detail: 'It was expected by Sun, 22 Nov' }],
  ])('arriving by %s', (iso, headline) => {
    expect(arrivalHeadline(at(iso))).toEqual(headline);
  });

  it('says when a delivered parcel came, whatever was expected', () => {
    expect(arrivalHeadline({ ...at('2026-11-30T06:00:00Z'), deliveredAt: '2026-11-23T09:00:00Z' })).toEqual({
      title: 'Delivered Mon, 23 Nov',
      detail: null,
    });
  });

  it('promises nothing for a stopped parcel, an unknown date or a malformed one', () => {
    expect(arrivalHeadline({ ...at('2026-11-27T06:00:00Z'), isStopped: true })).toBeNull();
    expect(arrivalHeadline({ ...at('2026-11-27T06:00:00Z'), arrivingBy: null })).toBeNull();
    expect(arrivalHeadline(at('not a date'))).toBeNull();
  });
});
