import { eq, or, sql } from 'drizzle-orm';
import { type Executor, users } from '@marketplace/db';

/** The account an email (any case) or a mobile number belongs to. */
export async function findUserByContact(db: Executor, contact: string) {
  const condition = contact.includes('@')
    ? eq(sql`lower(${users.email})`, contact.toLowerCase())
    : eq(users.mobile, contact);
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      mobile: users.mobile,
      firstName: users.firstName,
      passwordHash: users.passwordHash,
      passwordIsTemporary: users.passwordIsTemporary,
      temporaryPasswordExpiresAt: users.temporaryPasswordExpiresAt,
    })
    .from(users)
    .where(condition)
    .limit(1);
  return user ?? null;
}

/** Which of an email and a mobile already belong to an account. */
export async function takenContacts(db: Executor, email: string, mobile: string) {
  const rows = await db
    .select({ email: users.email, mobile: users.mobile })
    .from(users)
    .where(or(eq(sql`lower(${users.email})`, email.toLowerCase()), eq(users.mobile, mobile)));
  return {
    email: rows.some((row) => row.email.toLowerCase() === email.toLowerCase()),
    mobile: rows.some((row) => row.mobile === mobile),
  };
}
