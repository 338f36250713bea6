// requirements#privacy-consent: consent per purpose, given and withdrawn the same way (DPDP Act s. 6(4)).
import { and, desc, eq } from 'drizzle-orm';
import { browsingHistory, type Executor, privacyConsents, searchHistory } from '@marketplace/db';
import {
  CONSENT_PURPOSES,
  type ConsentPurpose,
  NOTICE_VERSION,
  type NoticeLanguage,
} from '@marketplace/domain/privacy/notice';
import type { ConsentState } from '@marketplace/domain/privacy/rights';
import { getMessagePreferences, saveMessagePreferences } from '../messages/index.ts';

/** Each purpose's standing choice: the newest record, or not given when there is none. */
export async function currentConsents(db: Executor, userId: number): Promise<ConsentState[]> {
  const rows = await db
    .select()
    .from(privacyConsents)
    .where(eq(privacyConsents.userId, userId))
    .orderBy(desc(privacyConsents.recordedAt), desc(privacyConsents.id));
  return CONSENT_PURPOSES.map((purpose) => {
    const newest = rows.find((row) => row.purpose === purpose);
    return {
      purpose,
      isGranted: newest?.isGranted ?? false,
      noticeVersion: newest?.noticeVersion ?? null,
      recordedAt: newest ? newest.recordedAt.toISOString() : null,
    };
  });
}

/** Whether the shopper has consented to the purpose now; with no record, they have not. */
export async function hasConsent(db: Executor, userId: number, purpose: ConsentPurpose): Promise<boolean> {
  const [newest] = await db
    .select({ isGranted: privacyConsents.isGranted })
    .from(privacyConsents)
    .where(and(eq(privacyConsents.userId, userId), eq(privacyConsents.purpose, purpose)))
    .orderBy(desc(privacyConsents.recordedAt), desc(privacyConsents.id))
    .limit(1);
  return newest?.isGranted ?? false;
}

/**
 * Records a choice. Withdrawing takes effect in the same transaction: marketing turns every
 * offers message off, personalisation erases the browsing and search history it was built from.
 */
export async function recordConsent(
  db: Executor,
  userId: number,
  choice: { purpose: ConsentPurpose; isGranted: boolean; language: NoticeLanguage },
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(privacyConsents).values({
      userId,
      purpose: choice.purpose,
      isGranted: choice.isGranted,
      noticeVersion: NOTICE_VERSION,
      language: choice.language,
      recordedAt: now,
    });
    if (choice.isGranted) return;
    if (choice.purpose === 'marketing') {
      const preferences = await getMessagePreferences(tx, userId);
      await saveMessagePreferences(
        tx,
        userId,
        { ...preferences, smsOffers: false, emailOffers: false, whatsappOffers: false },
        now,
      );
    } else {
      await tx.delete(browsingHistory).where(eq(browsingHistory.userId, userId));
      await tx.delete(searchHistory).where(eq(searchHistory.userId, userId));
    }
  });
}
