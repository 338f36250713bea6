import type pg from 'pg';
import { PAYOUT_STATE_COLUMNS } from './schema/settlement.ts';

/**
 * ADR-0045: the books, which the server's role may read and add to but never change or remove (a
 * payout's state columns excepted); the database's triggers refuse the same whoever connects.
 */
export const BOOK_TABLES = [
  'settlement_entries',
  'tax_documents',
  'tax_document_lines',
  'fee_invoices',
  'seller_payouts',
  'audit_log',
  // ADR-0053: the operator's journal, posted by the database from the rows above
  'journal_lines',
  // law as data: a change of law is a new row (requirements#gst-tax)
  'gst_rate_schedule',
] as const;

/** The user name and password a postgres:// URL connects with. */
export function urlRole(url: string): { name: string; password: string | null } {
  const parsed = new URL(url);
  return {
    name: decodeURIComponent(parsed.username) || 'postgres',
    password: parsed.password ? decodeURIComponent(parsed.password) : null,
  };
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Runs `statement`, letting another process that just did the same win (roles are shared by every database of a server). */
async function raceFree(client: pg.Client, statement: string) {
  await client.query(`DO $do$ BEGIN
    ${statement};
  EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
  END $do$`);
}

/**
 * ADR-0045: with MIGRATION_DATABASE_URL set, the migrations' role owns every table and the server
 * connects as DATABASE_URL's role, which this makes (a login with the URL's password, without
 * superuser, role-making or database-making rights) when it does not exist yet, and grants: read
 * and write on the shop's tables; only read and insert on the books, plus the state columns of a
 * payout. Not being their owner, it cannot disable their triggers or drop them. The materialized
 * views it refreshes are its own (PostgreSQL lets only an owner refresh one). Run after every
 * migration, on the migration's connection, so new tables get their grants; idempotent, and safe
 * when several servers (or test databases of one server) start at once.
 */
export async function grantServerRole(client: pg.Client, appUrl: string): Promise<void> {
  const app = urlRole(appUrl);
  const { rows: owners } = await client.query<{ owner: string; isSuperuser: boolean }>(
    `SELECT current_user AS owner, rolsuper AS "isSuperuser" FROM pg_roles WHERE rolname = current_user`,
  );
  const owner = owners[0];
  if (!owner) throw new Error('the migration role cannot read its own role');
  if (owner.owner === app.name)
    throw new Error(
      `MIGRATION_DATABASE_URL and DATABASE_URL connect as the same role (${app.name}): the server's role must not own the tables`,
    );
  await raceFree(
    client,
    `CREATE ROLE ${ident(app.name)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS NOREPLICATION${
      app.password === null ? '' : ` PASSWORD ${literal(app.password)}`
    }`,
  );
  const { rows: apps } = await client.query<{ isSuperuser: boolean; bypassesRls: boolean; owned: string[] }>(
    `SELECT r.rolsuper AS "isSuperuser", r.rolbypassrls AS "bypassesRls",
            array(SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                   WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relowner = r.oid ORDER BY 1) AS owned
       FROM pg_roles r WHERE r.rolname = $1`,
    [app.name],
  );
  const role = apps[0];
  if (!role) throw new Error(`the server's role ${app.name} could not be made`);
  if (role.isSuperuser || role.bypassesRls)
    throw new Error(
      `DATABASE_URL's role ${app.name} is a superuser or bypasses row security: it could disable the books' triggers`,
    );
  if (role.owned.length > 0)
    throw new Error(
      `DATABASE_URL's role ${app.name} owns ${role.owned.join(', ')}: an owner can disable the books' triggers. Give them to the migration role once: REASSIGN OWNED BY ${ident(app.name)} TO ${ident(owner.owner)}`,
    );
  const server = ident(app.name);
  const books = BOOK_TABLES.map(ident).join(', ');
  await client.query('BEGIN');
  try {
    await client.query(`GRANT USAGE ON SCHEMA public TO ${server}`);
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${server}`);
    await client.query(`REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${books} FROM ${server}`);
    await client.query(
      `GRANT UPDATE (${PAYOUT_STATE_COLUMNS.map(ident).join(', ')}) ON "seller_payouts" TO ${server}`,
    );
    await client.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${server}`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
  // the migration role hands the views over as a member of the server's role (a superuser need not be)
  if (!owner.isSuperuser) await raceFree(client, `GRANT ${server} TO ${ident(owner.owner)}`);
  const { rows: views } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'm' AND c.relowner <> (SELECT oid FROM pg_roles WHERE rolname = $1)`,
    [app.name],
  );
  for (const view of views)
    await client.query(`ALTER MATERIALIZED VIEW ${ident(view.name)} OWNER TO ${server}`);
}
