import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STAND_IN_WHATSAPP,
  startWhatsAppStandIn,
  type WhatsAppStandIn,
} from '../../../test-support/whatsapp-stand-in.ts';
import type { OutgoingMessage } from './message-sender.ts';
import { NOTICES } from './notices/catalogue.ts';
import { whatsAppSender } from './whatsapp.ts';

let standIn: WhatsAppStandIn;
beforeAll(async () => {
  // every notice's template as approved in WhatsApp Manager: its variables as {{1}}, {{2}}; a
  // shopper's in English, Hindi, Tamil and Telugu, a seller's in English (requirements#message-languages)
  standIn = await startWhatsAppStandIn(
    Object.fromEntries(
      Object.values(NOTICES).map((n) => [
        n.whatsappTemplate,
        {
          languages: n.audience === 'shopper' ? ['en', 'hi', 'ta', 'te'] : ['en'],
          parameters: n.smsVariables.length,
        },
      ]),
    ),
  );
});
afterAll(() => standIn.close());

const message = (over: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  id: 1,
  channel: 'whatsapp',
  recipient: '9876501234',
  subject: null,
  body: 'Your order OD1 has shipped.',
  template: 'order_shipped',
  // as the outbox keeps them: by number, in any order
  variables: { 2: 'https://bazaar.example/neworderdetail?order=OD1', 1: 'OD1' },
  html: null,
  language: 'en',
  ...over,
});

const sender = (token = STAND_IN_WHATSAPP.token, phoneNumberId = STAND_IN_WHATSAPP.phoneNumberId) =>
  whatsAppSender({ apiUrl: standIn.apiUrl, token, phoneNumberId });

describe('WhatsApp Cloud API sender against the stand-in', () => {
  it('sends an approved template to the number with India’s code, its parameters in order', async () => {
    await sender().send(message());
    expect(standIn.received.at(-1)).toEqual({
      to: '919876501234',
      name: 'order_shipped',
      language: 'en',
      parameters: ['OD1', 'https://bazaar.example/neworderdetail?order=OD1'],
    });
  });

  it('sends a Hindi message as the template’s Hindi translation; one not approved in a language is refused', async () => {
    await sender().send(message({ language: 'hi', body: 'आपका ऑर्डर OD1 शिप हो गया है।' }));
    expect(standIn.received.at(-1)).toMatchObject({ name: 'order_shipped', language: 'hi' });
    await expect(sender().send(message({ template: 'seller_new_order', language: 'ta' }))).rejects.toThrow(
      /#132001/,
    );
  });

  it.each([
    ['a wrong token', () => sender('EAAGwrongtoken000000000').send(message()), /HTTP 401\) #190/],
    ['an unknown phone number id', () => sender(undefined, '999999').send(message()), /HTTP 400\) #100/],
    ['a template not approved', () => sender().send(message({ template: 'order_teleported' })), /#132001/],
    ['too few parameters', () => sender().send(message({ variables: { 1: 'OD1' } })), /#132000/],
    [
      'a parameter with a new line',
      () => sender().send(message({ variables: { 1: 'OD1\nx', 2: 'https://bazaar.example/' } })),
      /#132018/,
    ],
  ])('throws (the outbox retries) on %s, naming Meta’s code, never the token', async (_, send, error) => {
    const before = standIn.received.length;
    const failure = await send().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(error);
    expect((failure as Error).message).not.toContain('EAAG');
    expect(standIn.received).toHaveLength(before);
  });

  it('a number not on WhatsApp and a rate limit are refusals too; the next try goes through', async () => {
    standIn.undeliverable.add('919812345678');
    await expect(sender().send(message({ recipient: '9812345678' }))).rejects.toThrow(/#131026/);
    standIn.limitNext(1);
    await expect(sender().send(message())).rejects.toThrow(/HTTP 429\) #130429/);
    await sender().send(message());
    expect(standIn.received.at(-1)?.to).toBe('919876501234');
  });
});
