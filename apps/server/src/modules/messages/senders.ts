import { createTransport } from 'nodemailer';
import type { Logger } from 'pino';
import type { Msg91Config } from '../../env.ts';
import type { MessageSender, OutgoingMessage } from './message-sender.ts';
import { msg91Sender } from './msg91.ts';
import { type WhatsAppConfig, whatsAppSender } from './whatsapp.ts';

export type { MessageSender, OutgoingMessage };

export type MessageSenders = { email: MessageSender; sms: MessageSender; whatsapp: MessageSender };

/**
 * Marks the message sent without sending it: it stays in the outbox, where the development outbox
 * page shows it. The log says only which message it was, never its body or code (ADR-0018).
 */
export function outboxOnlySender(logger: Logger): MessageSender {
  return {
    kind: 'outbox',
    send: (message) => {
      logger.info(
        { messageId: message.id, channel: message.channel, template: message.template },
        `${message.channel} kept in the outbox (no sender configured)`,
      );
      return Promise.resolve();
    },
  };
}

/** Email by SMTP (nodemailer); the URL carries host, port, TLS and credentials. */
export function smtpSender(smtpUrl: string, from: string): MessageSender & { close(): void } {
  const transport = createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from,
        to: message.recipient,
        subject: message.subject ?? '',
        text: message.body,
        ...(message.html ? { html: message.html } : {}),
      });
    },
    close: () => transport.close(),
  };
}

/**
 * Email by SMTP, SMS by MSG91 and WhatsApp by Meta's Cloud API when configured; a channel without
 * a sender keeps its messages in the outbox.
 */
export function createSenders(
  config: {
    smtpUrl: string | null;
    from: string;
    sms?: Msg91Config | null;
    whatsapp?: WhatsAppConfig | null;
  },
  logger: Logger,
): MessageSenders & { close(): void } {
  const kept = outboxOnlySender(logger.child({ component: 'messages' }));
  const smtp = config.smtpUrl ? smtpSender(config.smtpUrl, config.from) : null;
  const sms = config.sms ? msg91Sender(config.sms) : kept;
  const whatsapp = config.whatsapp ? whatsAppSender(config.whatsapp) : kept;
  return { email: smtp ?? kept, sms, whatsapp, close: () => smtp?.close() };
}
