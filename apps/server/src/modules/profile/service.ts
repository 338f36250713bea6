import { and, eq, ne } from 'drizzle-orm';
import { type Executor, users } from '@marketplace/db';
import { GENDERS, type Gender, type Profile, type ProfileUpdate } from '@marketplace/domain/accounts/profile';

const profileColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  mobile: users.mobile,
  gender: users.gender,
  dateOfBirth: users.dateOfBirth,
  anniversary: users.anniversary,
};

const isGender = (value: string | null): value is Gender => GENDERS.some((gender) => gender === value);

function toProfile(row: {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string | null;
  gender: string | null;
  dateOfBirth: string | null;
  anniversary: string | null;
}): Profile {
  return { ...row, gender: isGender(row.gender) ? row.gender : null };
}

export async function getProfile(db: Executor, userId: number): Promise<Profile | null> {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId));
  return row ? toProfile(row) : null;
}

export type UpdateProfileResult =
  { code: 'UPDATED'; profile: Profile } | { code: 'MOBILE_TAKEN' } | { code: 'NOT_FOUND' };

/** Saves the editable fields of the session shopper's profile; the email is not among them. */
export async function updateProfile(
  db: Executor,
  userId: number,
  update: ProfileUpdate,
): Promise<UpdateProfileResult> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mobile, update.mobile), ne(users.id, userId)))
    .limit(1);
  if (other) return { code: 'MOBILE_TAKEN' };
  try {
    const [row] = await db
      .update(users)
      .set({ ...update, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning(profileColumns);
    return row ? { code: 'UPDATED', profile: toProfile(row) } : { code: 'NOT_FOUND' };
  } catch (error) {
    // another account took the number between the check and the update
    if (isUniqueViolation(error, 'users_mobile_key')) return { code: 'MOBILE_TAKEN' };
    throw error;
  }
}

/** True when a database error (or its cause) is a unique-index violation, of the named index if given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = 'code' in e ? e.code : undefined;
    if (code === '23505') {
      const name = 'constraint' in e ? e.constraint : undefined;
      return constraint === undefined || name === undefined || name === constraint;
    }
    e = 'cause' in e ? e.cause : undefined;
  }
  return false;
}
