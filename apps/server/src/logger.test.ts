import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

function logged(error: unknown): string {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  logger.error({ err: error }, 'unexpected error');
  return lines.join('\n');
}

describe('errors in the log', () => {
  const statement = 'insert into "addresses" ("name", "email", "mobile", "street") values ($1, $2, $3, $4)';
  const params = ['Priya Sharma', 'priya@example.com', '9876543210', 'No 7, Lake View'];
  // what the PostgreSQL driver attaches: a detail naming the stored values
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
    code: '23505',
    constraint: 'users_email',
    table: 'users',
    detail: 'Key (email)=(priya@example.com) already exists.',
  });

  it('carry the statement’s shape, never its parameters or the values in the driver’s detail', () => {
    const line = logged(new DrizzleQueryError(statement, params, cause));
    expect(line).toContain('insert into \\"addresses\\"');
    expect(line).toContain('23505');
    expect(line).toContain('users_email');
    for (const value of ['Priya Sharma', 'priya@example.com', '9876543210', 'Lake View'])
      expect(line).not.toContain(value);
    expect(line).toContain('at '); // the stack stays, for finding the code
  });

  it('keep an ordinary error’s message and stack', () => {
    const line = logged(new Error('the disk is full'));
    expect(line).toContain('the disk is full');
    expect(line).toContain('"type":"Error"');
  });
});
