import { eq, sql } from 'drizzle-orm';
import { type Executor, messagePreferences } from '@marketplace/db';

/** What a shopper lets us send besides the messages that always go (requirements#message-preferences). */
export type MessagePreferences = {
  smsUpdates: boolean;
  emailUpdates: boolean;
  /** WhatsApp is opt-in: when on, every order message also goes by WhatsApp */
  whatsappUpdates: boolean;
  smsOffers: boolean;
  emailOffers: boolean;
  whatsappOffers: boolean;
};

export const PREFERENCE_FIELDS = [
  'smsUpdates',
  'emailUpdates',
  'whatsappUpdates',
  'smsOffers',
  'emailOffers',
  'whatsappOffers',
] as const satisfies readonly (keyof MessagePreferences)[];

/** A shopper who never saved the page: parcel updates by SMS and email, no WhatsApp, no offers. */
export const DEFAULT_PREFERENCES: MessagePreferences = {
  smsUpdates: true,
  emailUpdates: true,
  whatsappUpdates: false,
  smsOffers: false,
  emailOffers: false,
  whatsappOffers: false,
};

export async function getMessagePreferences(db: Executor, userId: number): Promise<MessagePreferences> {
  const [row] = await db.select().from(messagePreferences).where(eq(messagePreferences.userId, userId));
  if (!row) return { ...DEFAULT_PREFERENCES };
  return Object.fromEntries(PREFERENCE_FIELDS.map((f) => [f, row[f]])) as MessagePreferences;
}

/** Saves all six choices at once (one statement: two saves at the same moment leave one of them whole). */
export async function saveMessagePreferences(
  db: Executor,
  userId: number,
  prefs: MessagePreferences,
  now: Date = new Date(),
): Promise<MessagePreferences> {
  await db
    .insert(messagePreferences)
    .values({ userId, ...prefs, updatedAt: now })
    .onConflictDoUpdate({
      target: messagePreferences.userId,
      set: { ...prefs, updatedAt: sql`excluded.updated_at` },
    });
  return prefs;
}
