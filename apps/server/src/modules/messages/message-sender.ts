// What a sender is, apart from senders.ts so that each provider's adapter can name it without a cycle.
import type { Language } from '@marketplace/domain/i18n/languages';

/** One message leaving the outbox. */
export type OutgoingMessage = {
  id: number;
  channel: 'email' | 'sms' | 'whatsapp';
  recipient: string;
  subject: string | null;
  body: string;
  /** what kind of message it is, e.g. 'login-code': picks the SMS provider's template */
  template: string;
  /** the values a provider's template fills in, e.g. { otp: '4821' } */
  variables: Record<string, string>;
  /** an email's HTML part, when it has one */
  html: string | null;
  /** requirements#message-languages: the language it speaks: picks the SMS and WhatsApp template's */
  language: Language;
};

/** ADR-0007: whatever delivers email or SMS; throwing means "try again later". */
export type MessageSender = {
  /** 'outbox' senders deliver nothing: the message stays readable on the development outbox page */
  kind: 'outbox' | 'smtp' | 'sms-provider' | 'whatsapp-cloud';
  send(message: OutgoingMessage): Promise<void>;
};
