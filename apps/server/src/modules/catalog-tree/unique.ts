/** True when a database error (or its cause) is a unique-index violation of the named index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = 'code' in e ? e.code : undefined;
    if (code === '23505') {
      const name = 'constraint' in e ? e.constraint : undefined;
      return name === undefined || name === constraint;
    }
    e = 'cause' in e ? e.cause : undefined;
  }
  return false;
}
