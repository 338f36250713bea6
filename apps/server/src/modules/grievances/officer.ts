// requirements#grievances: the grievance officer the grievance and policy pages name, one row that
// owners edit in the console (the change audited with before and after).
import { eq } from 'drizzle-orm';
import { type Executor, grievanceOfficer } from '@marketplace/db';
import type { GrievanceOfficer } from '@marketplace/domain/grievances/grievance-api';
import { type AuditActor, writeAudit } from '../staff/index.ts';

export async function getGrievanceOfficer(db: Executor): Promise<GrievanceOfficer | null> {
  const [row] = await db.select().from(grievanceOfficer).where(eq(grievanceOfficer.id, 1));
  if (!row) return null;
  const { name, designation, email, phone, address, hours } = row;
  return { name, designation, email, phone, address, hours };
}

export async function saveGrievanceOfficer(
  db: Executor,
  actor: AuditActor,
  officer: GrievanceOfficer,
  now: Date,
): Promise<GrievanceOfficer> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(grievanceOfficer).where(eq(grievanceOfficer.id, 1)).for('update');
    const before = locked ? await getGrievanceOfficer(tx) : null;
    await tx
      .insert(grievanceOfficer)
      .values({ id: 1, ...officer, updatedAt: now })
      .onConflictDoUpdate({ target: grievanceOfficer.id, set: { ...officer, updatedAt: now } });
    await writeAudit(
      tx,
      actor,
      {
        action: 'settings.grievance-officer',
        targetType: 'settings',
        targetId: 'grievance-officer',
        before,
        after: officer,
      },
      now,
    );
    return officer;
  });
}
