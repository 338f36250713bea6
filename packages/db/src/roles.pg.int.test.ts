import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, type Executor, migrateDatabase, openDatabase, queryRows } from './client.ts';
import { refreshProductSuggestions } from './suggestions.ts';
import { openTestDatabase } from '@marketplace/db/testing';

const source = inject('testDatabase');
// one name for every test file and run on this server: making it again must change nothing
const SERVER_ROLE = 'bazaar_test_server';

/** The URL of this database as the server's role. */
function asServer(url: string): string {
  const parsed = new URL(url);
  parsed.username = SERVER_ROLE;
  parsed.password = 'server-secret';
  return parsed.toString();
}

// ADR-0045: PostgreSQL only (*.pg.int.test.ts run only with TEST_DATABASE_URL); the embedded
// database has one user and keeps the triggers alone
if (source.kind !== 'postgres') throw new Error('roles.pg.int.test.ts runs on PostgreSQL only');
describe('the server’s role on PostgreSQL', () => {
  let owner: DatabaseHandle & { url?: string };
  let server: DatabaseHandle;
  beforeAll(async () => {
    owner = await openTestDatabase(source);
    const ownerUrl = owner.url ?? '';
    // two servers starting at once: one migrates and grants, the other finds it done
    await Promise.all([
      migrateDatabase({ kind: 'postgres', url: asServer(ownerUrl), migrationUrl: ownerUrl }),
      migrateDatabase({ kind: 'postgres', url: asServer(ownerUrl), migrationUrl: ownerUrl }),
    ]);
    server = await openDatabase({ kind: 'postgres', url: asServer(ownerUrl), poolSize: 2 });
  });
  afterAll(async () => {
    await server.close();
    await owner.close();
  });

  /** The database's answer to a statement run as the server's role, rolled back either way. */
  async function asServerRole(statement: (tx: Executor) => PromiseLike<unknown>): Promise<string> {
    let answer = 'accepted';
    await server.db
      .transaction(async (tx) => {
        await statement(tx);
        throw new Error('accepted');
      })
      .catch((error: unknown) => {
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
        answer = cause instanceof Error ? cause.message : String(cause);
      });
    return answer;
  }

  it('connects as a role that is neither superuser nor owner of any table', async () => {
    const [me] = await queryRows<{ name: string; isSuperuser: boolean; owned: number }>(
      server.db,
      sql`SELECT current_user AS name, rolsuper AS "isSuperuser",
                 (SELECT count(*)::int FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                   WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relowner = r.oid) AS owned
            FROM pg_roles r WHERE rolname = current_user`,
    );
    expect(me).toEqual({ name: SERVER_ROLE, isSuperuser: false, owned: 0 });
  });

  it.each([
    ['settlement_entries', 'amount_paise = amount_paise + 1'],
    ['tax_documents', "buyer_name = 'x'"],
    ['tax_document_lines', "description = 'x'"],
    ['fee_invoices', 'commission_paise = 1'],
    ['seller_payouts', 'amount_paise = 1'],
    ['audit_log', "actor = 'x'"],
  ])('cannot change, remove, empty or unguard %s', async (table, change) => {
    const name = sql.raw(`"${table}"`);
    expect(await asServerRole((tx) => tx.execute(sql`UPDATE ${name} SET ${sql.raw(change)}`))).toMatch(
      /^permission denied for table/,
    );
    expect(await asServerRole((tx) => tx.execute(sql`DELETE FROM ${name}`))).toMatch(
      /^permission denied for table/,
    );
    expect(await asServerRole((tx) => tx.execute(sql`TRUNCATE ${name} CASCADE`))).toMatch(
      /^permission denied for table/,
    );
    for (const command of ['DISABLE TRIGGER ALL', 'DISABLE TRIGGER USER', 'OWNER TO CURRENT_USER'])
      expect(await asServerRole((tx) => tx.execute(sql`ALTER TABLE ${name} ${sql.raw(command)}`))).toMatch(
        /^must be owner of table/,
      );
    expect(await asServerRole((tx) => tx.execute(sql`DROP TABLE ${name} CASCADE`))).toMatch(/^must be owner/);
  });

  it('cannot switch the triggers off for its session', async () => {
    expect(await asServerRole((tx) => tx.execute(sql`SET session_replication_role = replica`))).toMatch(
      /permission denied to set parameter/,
    );
  });

  it('reads the books, adds to them, and moves a payout’s state', async () => {
    const answer = await asServerRole(async (tx) => {
      await tx.execute(sql`SELECT count(*) FROM settlement_entries`);
      const [payout] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO seller_payouts (seller_id, period_end, amount_paise, idempotency_key)
            SELECT id, now(), 100, 'role-test-' || id FROM sellers ORDER BY id LIMIT 1 RETURNING id`,
      );
      await tx.execute(
        sql`INSERT INTO settlement_entries (seller_id, kind, amount_paise, payout_id) SELECT seller_id, 'payout', -100, id FROM seller_payouts WHERE id = ${payout?.id}`,
      );
      await tx.execute(
        sql`UPDATE seller_payouts SET status = 'processed', provider = 'sandbox', provider_payout_id = 'p1', processed_at = now() WHERE id = ${payout?.id}`,
      );
      await tx.execute(
        sql`INSERT INTO audit_log (actor, action, target_type, target_id) VALUES ('cli', 'seller.suspend', 'seller', '1')`,
      );
    });
    expect(answer).toBe('accepted');
  });

  it('still writes the rest of the shop and refreshes the search suggestions', async () => {
    expect(
      await asServerRole((tx) =>
        tx.execute(sql`UPDATE offers SET stock = stock WHERE id IN (SELECT id FROM offers LIMIT 1)`),
      ),
    ).toBe('accepted');
    await refreshProductSuggestions(server.db);
  });
});
