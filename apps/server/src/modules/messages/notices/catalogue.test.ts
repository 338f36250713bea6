import { describe, expect, it } from 'vitest';
import { SMS_KINDS } from '../../../env.ts';
import { fillSms, isWhitelistedLink, NOTICE_KINDS, noticeIn, NOTICES } from './catalogue.ts';
import { TRANSLATED_NOTICES } from './words.ts';

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

// requirements#message-languages: each shopper notice registered with DLT in Hindi, Tamil and
// Telugu too (Unicode templates: 70 characters in one SMS, 67 in each part of a longer one)
describe('the notices in Hindi, Tamil and Telugu', () => {
  const shopperKinds = NOTICE_KINDS.filter((kind) => NOTICES[kind].audience === 'shopper');
  const values = {
    order: 'OD2612061234567890',
    link: `${SHOP}/neworderdetail?order=OD2612061234567890#INV-1234-56`,
    amount: '1,23,456.00',
  };

  it('has every shopper notice and only those in each language', () => {
    for (const language of ['hi', 'ta', 'te'] as const)
      expect(Object.keys(TRANSLATED_NOTICES[language]).sort()).toEqual([...shopperKinds].sort());
  });

  it.each(
    (['hi', 'ta', 'te'] as const).flatMap((language) =>
      shopperKinds.map((kind) => [language, kind] as const),
    ),
  )(
    '%s %s: the same variables as English, no address in the text, signed, at most four parts',
    (language, kind) => {
      const notice = noticeIn(kind, language);
      const english = NOTICES[kind];
      const slots = notice.sms.match(/\{#var#\}/g) ?? [];
      expect(slots).toHaveLength(notice.smsVariables.length);
      expect([...notice.smsVariables].sort()).toEqual([...english.smsVariables].sort());
      expect(notice.sms).not.toMatch(/https?:|www\.|\.(com|in|example)\b/i);
      expect(notice.sms.endsWith('- Bazaar')).toBe(true);
      // written in the language's own script, not English
      expect(notice.sms).toMatch(
        language === 'hi' ? /[\u0900-\u097f]/ : language === 'ta' ? /[\u0b80-\u0bff]/ : /[\u0c00-\u0c7f]/,
      );
      expect(notice.subject).toContain('{orderNo}');
      const text = fillSms(kind, values, language);
      expect(text).toContain(values.order);
      expect(text.length).toBeLessThanOrEqual(4 * 67);
    },
  );

  it('puts each value where its language’s sentence has it', () => {
    expect(fillSms('refund-started', { amount: '499.00', order: 'OD1' }, 'hi')).toBe(
      'ऑर्डर OD1 का Rs 499.00 का रिफ़ंड शुरू हो गया है। यह 7-10 कामकाजी दिनों में पहुँचेगा। - Bazaar',
    );
    expect(fillSms('refund-started', { amount: '499.00', order: 'OD1' })).toBe(
      'A refund of Rs 499.00 for order OD1 has started. It reaches you in 7-10 business days. - Bazaar',
    );
  });

  it('keeps sellers’ notices in English whatever the language', () => {
    expect(noticeIn('seller-new-order', 'hi')).toBe(NOTICES['seller-new-order']);
  });
});
