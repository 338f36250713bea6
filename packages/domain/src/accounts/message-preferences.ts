import { z } from 'zod';

// requirements#message-preferences: what a shopper may turn off, per channel, and what always goes.

export const MESSAGE_PREFERENCE_MESSAGES = {
  title: 'Messages',
  saved: 'Your message choices are saved.',
  needsUser: 'Please log in to choose your messages.',
  invalid: 'Please choose on or off for each kind of message.',
  failed: 'Your choices could not be saved. Please try again.',
  /** told on the page: the messages no one can turn off */
  always:
    'Some messages are always sent, because your orders and your account need them: one-time codes, order confirmations, a failed delivery you need to answer, return pickups and refunds. These cannot be turned off.',
  whatsappOptIn: 'WhatsApp messages are sent only if you turn them on here.',
} as const;

/** The six choices, each on or off. */
export const MessagePreferences = z
  .object({
    smsUpdates: z.boolean().describe('parcel updates (shipped, out for delivery, delivered) by SMS'),
    emailUpdates: z.boolean().describe('parcel updates by email'),
    whatsappUpdates: z.boolean().describe('every order message also by WhatsApp (opt-in)'),
    smsOffers: z.boolean().describe('offers and sales by SMS'),
    emailOffers: z.boolean().describe('offers and sales by email'),
    whatsappOffers: z.boolean().describe('offers and sales by WhatsApp'),
  })
  .strict()
  .meta({ id: 'MessagePreferences' });
export type MessagePreferences = z.infer<typeof MessagePreferences>;

export const MessagePreferencesSaved = z
  .object({ preferences: MessagePreferences, message: z.string() })
  .meta({ id: 'MessagePreferencesSaved' });

/** The page's rows and columns: the form field of each choice is its name. */
export const PREFERENCE_ROWS = [
  {
    title: 'Order updates',
    text: 'When your parcel ships, is out for delivery and is delivered.',
    fields: { sms: 'smsUpdates', email: 'emailUpdates', whatsapp: 'whatsappUpdates' },
  },
  {
    title: 'Offers and sales',
    text: 'Deals, coupons and new arrivals we think you may like.',
    fields: { sms: 'smsOffers', email: 'emailOffers', whatsapp: 'whatsappOffers' },
  },
] as const satisfies readonly {
  title: string;
  text: string;
  fields: Record<'sms' | 'email' | 'whatsapp', keyof MessagePreferences>;
}[];

export const PREFERENCE_CHANNELS = [
  { key: 'sms', label: 'SMS' },
  { key: 'whatsapp', label: 'WhatsApp' },
  { key: 'email', label: 'Email' },
] as const;
