import { describe, expect, it } from 'vitest';
import { SMS_KINDS } from '../../../env.ts';
import { fillSms, isWhitelistedLink, NOTICE_KINDS, NOTICES } from './catalogue.ts';

const SHOP = 'https://bazaar.example';

describe('the DLT templates (TRAI: registered text, at most two variables, whitelisted links only)', () => {
  it.each(NOTICE_KINDS)('%s: at most two variables, each named, a link only as a variable', (kind) => {
    const notice = NOTICES[kind];
    const slots = notice.sms.match(/\{#var#\}/g) ?? [];
    expect(slots.length).toBeLessThanOrEqual(2);
    expect(notice.smsVariables).toHaveLength(slots.length);
    expect(new Set(notice.smsVariables).size).toBe(notice.smsVariables.length);
    // no address written into the registered text: it would need whitelisting of its own
    expect(notice.sms).not.toMatch(/https?:|www\.|\.(com|in|example)\b/i);
    if (notice.smsLinkVariable !== null) expect(notice.smsVariables).toContain(notice.smsLinkVariable);
    // MSG91 and DLT: plain GSM text, signed with the brand
    expect(notice.sms).toMatch(/^[\x20-\x7e]+$/);
    expect(notice.sms.endsWith('- Bazaar')).toBe(true);
    expect(notice.whatsappTemplate).toMatch(/^[a-z0-9_]{1,512}$/);
  });

  it.each(NOTICE_KINDS)('%s: filled with the longest values it gets, it fits in two SMS parts', (kind) => {
    const notice = NOTICES[kind];
    const values = {
      order: 'OD2612061234567890',
      link: `${SHOP}/neworderdetail?order=OD2612061234567890#INV-1234-56`,
      amount: '1,23,456.00',
    };
    const text = fillSms(kind, values);
    expect(text).not.toContain('{#var#}');
    expect(text.length).toBeLessThanOrEqual(306);
    if (notice.smsLinkVariable) expect(isWhitelistedLink(values.link, SHOP)).toBe(true);
  });

  it('every notice needs its template in MSG91_TEMPLATE_IDS (the server refuses to start without)', () => {
    for (const kind of NOTICE_KINDS) expect(SMS_KINDS).toContain(kind);
  });

  it.each([
    [`${SHOP}/neworderdetail?order=OD1`, true],
    [`${SHOP}:443/x`, true],
    ['https://bazaar.example.evil.in/x', false],
    ['https://evil.in/?u=https://bazaar.example', false],
    ['http://bazaar.example/x', false],
    ['https://user@evil.in', false],
    ['javascript:alert(1)', false],
    ['not a link', false],
  ])('only the shop’s own domain is whitelisted: %s → %s', (link, allowed) => {
    expect(isWhitelistedLink(link, SHOP)).toBe(allowed);
  });
});
