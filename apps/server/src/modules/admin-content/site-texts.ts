// requirements#privilege-claim, requirements#operator-content: the privilege-claim text and video
// live in site_texts (keys privilege_claim and privilege_claim_video); the storefront shows the text
// as plain paragraphs, so staff write plain text.
import { inArray } from 'drizzle-orm';
import { type Database, type Executor, siteTexts } from '@marketplace/db';
import type { AdminPrivilegeClaim, PrivilegeClaimInput } from '@marketplace/domain/admin/content-api';
import { type AuditActor, writeAudit } from '../staff/index.ts';

/** The keys the storefront reads (apps/server/src/modules/catalog/home/brand.ts PRIVILEGE_CLAIM_KEYS). */
export const CLAIM_KEYS = { text: 'privilege_claim', video: 'privilege_claim_video' } as const;

async function readClaim(db: Executor): Promise<AdminPrivilegeClaim> {
  const rows = await db
    .select()
    .from(siteTexts)
    .where(inArray(siteTexts.key, [CLAIM_KEYS.text, CLAIM_KEYS.video]));
  const text = rows.find((r) => r.key === CLAIM_KEYS.text);
  const video = rows.find((r) => r.key === CLAIM_KEYS.video);
  const latest = [text?.updatedAt, video?.updatedAt].filter((d): d is Date => d instanceof Date);
  return {
    text: text?.value ?? '',
    video: video?.value.trim() ? video.value : null,
    updatedAt: latest.length > 0 ? new Date(Math.max(...latest.map((d) => d.getTime()))).toISOString() : null,
  };
}

export const getPrivilegeClaimForStaff = (db: Executor) => readClaim(db);

/** Writes the text and video (no video: its row removed) with the change's before and after. */
export async function savePrivilegeClaim(
  db: Database,
  actor: AuditActor,
  input: PrivilegeClaimInput,
  now: Date,
): Promise<AdminPrivilegeClaim> {
  return db.transaction(async (tx) => {
    // the two rows are locked (or their absence held) so two editors' saves follow each other
    await tx
      .select({ key: siteTexts.key })
      .from(siteTexts)
      .where(inArray(siteTexts.key, [CLAIM_KEYS.text, CLAIM_KEYS.video]))
      .for('update');
    const before = await readClaim(tx);
    await tx
      .insert(siteTexts)
      .values({ key: CLAIM_KEYS.text, value: input.text, updatedAt: now })
      .onConflictDoUpdate({ target: siteTexts.key, set: { value: input.text, updatedAt: now } });
    if (input.video)
      await tx
        .insert(siteTexts)
        .values({ key: CLAIM_KEYS.video, value: input.video, updatedAt: now })
        .onConflictDoUpdate({ target: siteTexts.key, set: { value: input.video, updatedAt: now } });
    else await tx.delete(siteTexts).where(inArray(siteTexts.key, [CLAIM_KEYS.video]));
    const after = await readClaim(tx);
    await writeAudit(
      tx,
      actor,
      {
        action: 'site-text.edit',
        targetType: 'site-text',
        targetId: CLAIM_KEYS.text,
        before: { text: before.text, video: before.video },
        after: { text: after.text, video: after.video },
      },
      now,
    );
    return after;
  });
}
