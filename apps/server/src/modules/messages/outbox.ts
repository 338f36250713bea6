import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Executor, outbox } from '@marketplace/db';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@marketplace/domain/i18n/languages';
import type { MessageSenders, OutgoingMessage } from './senders.ts';

export type NewMessage = {
  channel: 'email' | 'sms' | 'whatsapp';
  recipient: string;
  subject?: string;
  body: string;
  /** what kind of message it is, e.g. 'registration-code' */
  template: string;
  /** the values an SMS provider's registered template fills in, e.g. { otp: '4821' } */
  variables?: Record<string, string>;
  /** the order it is about: support sees the messages of an order on its page (requirements#operator-support) */
  orderNo?: string;
  /** an email's HTML part (the body is its plain-text part) */
  html?: string;
  /** requirements#message-languages: the language it speaks, when not English (picks the provider's template) */
  language?: Language;
  /**
   * Names the event this message tells of (e.g. `order-shipped:shipment:12:sms`): a second
   * message with the same key is dropped, whichever path or server process queues it.
   */
  dedupeKey?: string;
};

/** A message failing this many times stops being retried (status 'failed'). */
export const MAX_SEND_ATTEMPTS = 5;
/** How long a claimed message is left to its sender before another may try it. */
const LEASE_MS = 60_000;

/** Queues messages; call it with the transaction that caused them, so both commit or neither. */
export async function enqueueMessages(tx: Executor, messages: NewMessage[]): Promise<void> {
  if (messages.length === 0) return;
  // due from now by this process's clock, the clock deliverDueMessages compares with: the
  // database's now() has microseconds, so a message sent at once (an OTP) in the same millisecond
  // was not yet due and waited for the next round
  const now = new Date();
  await tx
    .insert(outbox)
    .values(
      messages.map((m) => ({
        nextAttemptAt: now,
        channel: m.channel,
        recipient: m.recipient,
        subject: m.subject ?? null,
        body: m.body,
        template: m.template,
        payload: {
          variables: m.variables ?? {},
          ...(m.orderNo ? { orderNo: m.orderNo } : {}),
          ...(m.html ? { html: m.html } : {}),
          ...(m.language && m.language !== 'en' ? { language: m.language } : {}),
        },
        dedupeKey: m.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Sends what is due. Rows are claimed with SKIP LOCKED and a lease, so several server processes
 * can run this side by side without sending a message twice.
 */
export async function deliverDueMessages(
  db: Executor,
  senders: MessageSenders,
  logger: Logger,
  { limit = 20, now = new Date() }: { limit?: number; now?: Date } = {},
): Promise<{ sent: number; failed: number }> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)))
    .orderBy(outbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
    .where(inArray(outbox.id, due))
    .returning();
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    const message: OutgoingMessage = {
      id: row.id,
      channel: row.channel === 'sms' || row.channel === 'whatsapp' ? row.channel : 'email',
      recipient: row.recipient,
      subject: row.subject,
      body: row.body,
      template: row.template,
      variables: variablesOf(row.payload),
      html: htmlOf(row.payload),
      language: languageOf(row.payload),
    };
    try {
      await senders[message.channel].send(message);
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: new Date(), lastError: null })
        .where(eq(outbox.id, row.id));
      sent++;
    } catch (error) {
      failed++;
      const giveUp = row.attempts >= MAX_SEND_ATTEMPTS;
      // back off: 1, 2, 4, 8 minutes between tries
      const retryAt = new Date(now.getTime() + 60_000 * 2 ** Math.max(0, row.attempts - 1));
      logger.warn({ err: error, messageId: row.id, attempts: row.attempts, giveUp }, 'message not sent');
      await db
        .update(outbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
          nextAttemptAt: retryAt,
        })
        .where(eq(outbox.id, row.id));
    }
  }
  return { sent, failed };
}

/** The template variables kept in a row's payload (strings only). */
function variablesOf(payload: unknown): Record<string, string> {
  const variables: unknown =
    payload && typeof payload === 'object' && 'variables' in payload ? payload.variables : null;
  if (!variables || typeof variables !== 'object') return {};
  return Object.fromEntries(
    Object.entries(variables).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The language a row's message speaks (English when its payload names none). */
function languageOf(payload: unknown): Language {
  const language: unknown =
    payload && typeof payload === 'object' && 'language' in payload ? payload.language : null;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** An email's HTML part kept in a row's payload, or null. */
export function htmlOf(payload: unknown): string | null {
  const html: unknown = payload && typeof payload === 'object' && 'html' in payload ? payload.html : null;
  return typeof html === 'string' ? html : null;
}

/** The newest messages, for the development outbox page. */
export function latestMessages(db: Executor, limit = 50) {
  return db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      recipient: outbox.recipient,
      subject: outbox.subject,
      body: outbox.body,
      status: outbox.status,
      template: outbox.template,
      hasHtml: sql<boolean>`(${outbox.payload} ? 'html')`,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .orderBy(desc(outbox.id))
    .limit(limit);
}

/** One message's HTML part, for the development outbox page (null when it has none). */
export async function messageHtml(db: Executor, id: number): Promise<string | null> {
  const [row] = await db.select({ payload: outbox.payload }).from(outbox).where(eq(outbox.id, id));
  return row ? htmlOf(row.payload) : null;
}
