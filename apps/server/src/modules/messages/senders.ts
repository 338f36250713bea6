import { createTransport } from 'nodemailer';
import type { Logger } from 'pino';

/** One message leaving the outbox. */
export type OutgoingMessage = {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
};

/** ADR-0007: whatever delivers email or SMS; throwing means "try again later". */
export type MessageSender = {
  /** 'log' senders only write the message to the log (development, or no provider configured) */
  kind: 'log' | 'smtp';
  send(message: OutgoingMessage): Promise<void>;
};

export type MessageSenders = { email: MessageSender; sms: MessageSender };

/** Logs the message (with its code) instead of sending it: the development default. */
export function logSender(logger: Logger): MessageSender {
  return {
    kind: 'log',
    send: (message) => {
      logger.info(
        { messageId: message.id, channel: message.channel, to: message.recipient, subject: message.subject },
        `${message.channel} to ${message.recipient}: ${message.body}`,
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
      });
    },
    close: () => transport.close(),
  };
}

/** Email by SMTP when configured, else logged; SMS is always logged (no SMS provider yet). */
export function createSenders(
  config: { smtpUrl: string | null; from: string },
  logger: Logger,
): MessageSenders & { close(): void } {
  const logged = logSender(logger.child({ component: 'messages' }));
  const smtp = config.smtpUrl ? smtpSender(config.smtpUrl, config.from) : null;
  return { email: smtp ?? logged, sms: logged, close: () => smtp?.close() };
}
