import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Database, outbox } from '@marketplace/db';

/** The code in the newest message to a recipient, read as a person reads their inbox or SMS. */
export async function codeSentTo(db: Database, recipient: string, channel: 'email' | 'sms' = 'email') {
  let code = '';
  await expect
    .poll(async () => {
      const [message] = await db
        .select({ body: outbox.body })
        .from(outbox)
        .where(and(eq(outbox.recipient, recipient), eq(outbox.channel, channel)))
        .orderBy(desc(outbox.id))
        .limit(1);
      code = /\b([0-9]{4,6})\b/.exec(message?.body ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}
