// A local stand-in of RazorpayX's composite account validation API, over real HTTP (node:http),
// enforcing its documented contract: Basic auth with the key id and secret, `POST
// /v1/fund_accounts/validations` with the business account as `source_account_number`, a known
// `validation_type`, a bank_account fund account (name, IFSC, account number) and its contact (name,
// type, reference), errors as `{ error: { code: 'BAD_REQUEST_ERROR', description, field } }`; a
// validation is `created` at first and `completed` when asked about again, with the bank's answer as
// the built-in sandbox decides it, so both are held to the same rules (ADR-0049).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSandboxAccountValidator } from '../src/modules/payments/index.ts';

export type RazorpayXValidationStandIn = {
  /** the validations endpoint: pass as the adapter's base URL */
  url: string;
  keyId: string;
  keySecret: string;
  accountNumber: string;
  /** the "bank": the name it holds for an account number */
  holders: Map<string, string>;
  requests: { method: string; path: string; body: unknown }[];
  /** answer 503 to the next n calls */
  failNext(n: number): void;
  close(): Promise<void>;
};

const NAME = /^[a-zA-Z0-9 ’\-_/(),.]{3,120}$/;
const CONTACT_TYPES = ['vendor', 'customer', 'employee', 'self'];
const VALIDATION_TYPES = ['optimized', 'pennydrop', 'pennyless'];

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return null;
  }
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export async function startRazorpayXValidationStandIn(): Promise<RazorpayXValidationStandIn> {
  const keyId = 'rzp_test_validation01';
  const keySecret = 'validation-secret-0001';
  const accountNumber = '7878780080316316';
  const bank = createSandboxAccountValidator();
  const entities = new Map<string, { entity: Record<string, unknown>; asked: number; ours: string }>();
  const requests: RazorpayXValidationStandIn['requests'] = [];
  let failing = 0;
  let serial = 0;

  const reply = (res: ServerResponse, status: number, json: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(json));
  };
  const badRequest = (res: ServerResponse, description: string, field?: string) =>
    reply(res, 400, {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description,
        source: 'business',
        step: 'NA',
        reason: 'input_validation_failed',
        ...(field ? { field } : {}),
      },
    });

  const server = createServer((req, res) => {
    void (async () => {
      const body = req.method === 'POST' ? await bodyOf(req) : null;
      const path = req.url ?? '';
      requests.push({ method: req.method ?? '', path, body });
      if (failing > 0) {
        failing--;
        return reply(res, 503, { error: { code: 'SERVER_ERROR', description: 'Service unavailable' } });
      }
      const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected)
        return reply(res, 401, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid' },
        });
      const base = '/v1/fund_accounts/validations';
      if (req.method === 'GET' && path.startsWith(`${base}/`)) {
        const id = decodeURIComponent(path.slice(base.length + 1));
        const found = entities.get(id);
        if (!found) return badRequest(res, 'The id provided does not exist', 'id');
        found.asked++;
        if (found.entity.status === 'created') {
          const report = await bank.validationStatus(found.ours);
          if (report.state === 'completed') {
            found.entity.status = 'completed';
            found.entity.validation_results = {
              account_status: report.accountStatus === 'active' ? 'valid' : 'invalid',
              registered_name: report.registeredName,
              details:
                report.accountStatus === 'active'
                  ? 'The beneficiary account is valid.'
                  : 'The beneficiary account is invalid.',
            };
            found.entity.status_details = {
              description: 'Validation request is completed',
              source: 'beneficiary_bank',
              reason: 'validation_completed',
            };
          }
        }
        return reply(res, 200, found.entity);
      }
      if (req.method !== 'POST' || path !== base)
        return reply(res, 404, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' },
        });
      if (body === null) return badRequest(res, 'The request body is not valid JSON');
      const input = record(body);
      if (text(input.source_account_number) !== accountNumber)
        return badRequest(res, 'The source account number is invalid.', 'source_account_number');
      if (!VALIDATION_TYPES.includes(text(input.validation_type)))
        return badRequest(res, 'The validation type is invalid.', 'validation_type');
      if (text(input.reference_id).length > 40)
        return badRequest(res, 'The reference id may not be greater than 40 characters.', 'reference_id');
      const fund = record(input.fund_account);
      if (fund.account_type !== 'bank_account')
        return badRequest(res, 'The account type is invalid.', 'account_type');
      const account = record(fund.bank_account);
      if (!NAME.test(text(account.name))) return badRequest(res, 'The name format is invalid.', 'name');
      if (!/^[A-Z]{4}0[A-Z0-9]{6}$/.test(text(account.ifsc)))
        return badRequest(res, 'The ifsc is invalid.', 'ifsc');
      if (!/^[a-zA-Z0-9]{5,35}$/.test(text(account.account_number)))
        return badRequest(res, 'The account number is invalid.', 'account_number');
      const contact = record(fund.contact);
      if (!/^[a-zA-Z0-9 ’\-_/(),.]{3,50}$/.test(text(contact.name)))
        return badRequest(res, 'The contact name format is invalid.', 'name');
      if (!CONTACT_TYPES.includes(text(contact.type)))
        return badRequest(res, 'Invalid type: ' + text(contact.type), 'type');
      if (text(contact.reference_id).length > 40)
        return badRequest(res, 'The reference id may not be greater than 40 characters.', 'reference_id');
      const made = await bank.validate({
        accountName: text(account.name),
        accountNumber: text(account.account_number),
        ifsc: text(account.ifsc),
        reference: text(input.reference_id),
        contact: {
          name: text(contact.name),
          email: text(contact.email),
          mobile: text(contact.contact),
          referenceId: text(contact.reference_id),
        },
      });
      serial++;
      const id = `fav_${String(serial).padStart(14, '0')}`;
      const entity: Record<string, unknown> = {
        id,
        entity: 'fund_account.validation',
        status: 'created',
        validation_results: {
          account_status: null,
          registered_name: null,
          details: null,
          name_match_score: null,
        },
        status_details: {
          description: 'Validation request is created',
          source: 'internal',
          reason: 'validation_created',
        },
        reference_id: input.reference_id ?? null,
        notes: input.notes ?? {},
        fund_account: {
          id: `fa_${String(serial).padStart(14, '0')}`,
          entity: 'fund_account',
          account_type: 'bank_account',
          bank_account: account,
          active: true,
        },
      };
      entities.set(id, { entity, asked: 0, ours: made.validationId });
      return reply(res, 201, entity);
    })();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/fund_accounts/validations`,
    keyId,
    keySecret,
    accountNumber,
    holders: bank.holders,
    requests,
    failNext: (n) => (failing = n),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
