// requirements#e-invoicing: one contract for both portals: the built-in sandbox, and the NIC e-invoice
// API v1.03 adapter against a local HTTP stand-in of NIC's documented API (no stubbed fetch).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInv01, readSignedQr, type EInvoiceSource } from '@marketplace/domain/tax/e-invoice';
import { startNicStandIn, type NicStandIn } from '../../../test-support/nic-stand-in.ts';
import { createNicIrp } from './nic.ts';
import { computeIrn, type IrpProvider } from './provider.ts';
import { createSandboxIrp } from './sandbox.ts';
import { tokenSignedBy } from './signed-token.ts';

const GSTIN = '29AAGCS1234K1Z5';
const source = (number: string): EInvoiceSource => ({
  kind: 'invoice',
  number,
  issuedAt: new Date('2026-12-06T05:00:00Z'),
  seller: {
    gstin: GSTIN,
    legalName: 'Sharma Kirana Stores',
    address: '12 MG Road, Bengaluru, Karnataka 560001',
    pincode: '560001',
    stateCode: '29',
  },
  buyer: {
    gstin: '29AAPFU0939F1ZV',
    name: 'Patel Office Supplies',
    address: '4 Church Street, Bengaluru, Karnataka 560001',
    pincode: '560001',
    placeOfSupplyCode: '29',
  },
  invoice: null,
  lines: [
    {
      description: 'Office chair',
      hsnCode: '940130',
      quantity: 1,
      ratePercent: 18,
      valuePaise: 59_000_00,
      taxablePaise: 50_000_00,
      cgstPaise: 4_500_00,
      sgstPaise: 4_500_00,
      igstPaise: 0,
    },
  ],
});

let clock = new Date('2026-12-06T05:00:00Z');
const now = () => clock;
let standIn: NicStandIn;
beforeAll(async () => {
  standIn = await startNicStandIn({ now });
});
afterAll(() => standIn.close());

const nic = () =>
  createNicIrp(
    {
      baseUrl: standIn.url,
      clientId: standIn.clientId,
      clientSecret: standIn.clientSecret,
      publicKeyPem: standIn.publicKeyPem,
      signingKeyPem: null,
      users: standIn.users,
    },
    now,
  );

describe.each([
  ['the built-in sandbox', () => createSandboxIrp({ now })],
  ['the NIC adapter against the stand-in', nic],
] as const)('%s', (_name, make) => {
  let portal: IrpProvider;
  let number = 0;
  const next = () => `SK-I27/${String((number += 1)).padStart(6, '0')}`;
  beforeAll(() => {
    portal = make();
    clock = new Date('2026-12-06T05:00:00Z');
  });

  it('registers an invoice: the IRN is the hash NIC defines, with an acknowledgement and a signed QR code', async () => {
    const docNo = next();
    const result = await portal.generateIrn(GSTIN, buildInv01(source(docNo), null));
    if (result.outcome !== 'done') throw new Error(JSON.stringify(result));
    expect(result.value.irn).toBe(
      computeIrn({ sellerGstin: GSTIN, financialYear: '2026-27', docType: 'INV', docNo }),
    );
    expect(result.value.ackNo).toMatch(/^\d{15}$/);
    expect(result.value.ackDate).toBe('2026-12-06 10:30:00');
    expect(readSignedQr(result.value.signedQrCode)).toMatchObject({
      DocNo: docNo,
      SellerGstin: GSTIN,
      TotInvVal: 59000,
      Irn: result.value.irn,
    });
  });

  it('refuses the same document again with 2150, Duplicate IRN', async () => {
    const invoice = buildInv01(source(next()), null);
    expect((await portal.generateIrn(GSTIN, invoice)).outcome).toBe('done');
    const again = await portal.generateIrn(GSTIN, invoice);
    expect(again).toMatchObject({ outcome: 'refused', errors: [{ code: '2150' }] });
  });

  it('refuses a JSON that is not INV-01 1.1, naming the field', async () => {
    const invoice = buildInv01(source(next()), null);
    const result = await portal.generateIrn(GSTIN, {
      ...invoice,
      DocDtls: { ...invoice.DocDtls, Dt: '2026-12-06' },
    });
    expect(result.outcome).toBe('refused');
    if (result.outcome === 'refused') expect(result.errors[0]?.message).toMatch(/^DocDtls\.Dt:/);
  });

  it('cancels within 24 hours, then reads the IRN as cancelled; not after 24 hours', async () => {
    const made = await portal.generateIrn(GSTIN, buildInv01(source(next()), null));
    const late = await portal.generateIrn(GSTIN, buildInv01(source(next()), null));
    if (made.outcome !== 'done' || late.outcome !== 'done') throw new Error('not registered');
    clock = new Date('2026-12-07T04:59:00Z');
    const cancelled = await portal.cancelIrn(GSTIN, {
      irn: made.value.irn,
      reason: '3',
      remark: 'Order cancelled',
    });
    expect(cancelled).toMatchObject({
      outcome: 'done',
      value: { irn: made.value.irn, cancelDate: '2026-12-07 10:29:00' },
    });
    expect(await portal.getByIrn(GSTIN, made.value.irn)).toMatchObject({
      outcome: 'done',
      value: { status: 'CNL' },
    });
    expect(
      await portal.cancelIrn(GSTIN, { irn: made.value.irn, reason: '3', remark: 'again' }),
    ).toMatchObject({ outcome: 'refused', errors: [{ code: '9999' }] });
    clock = new Date('2026-12-07T05:00:01Z');
    expect(await portal.cancelIrn(GSTIN, { irn: late.value.irn, reason: '2', remark: 'late' })).toMatchObject(
      { outcome: 'refused', errors: [{ code: '2270' }] },
    );
    clock = new Date('2026-12-06T05:00:00Z');
  });

  it('does not answer another GSTIN about an IRN', async () => {
    const made = await portal.generateIrn(GSTIN, buildInv01(source(next()), null));
    if (made.outcome !== 'done') throw new Error('not registered');
    const other = await portal.getByIrn('27AAPFU0939F1ZV', made.value.irn);
    expect(other.outcome).toBe('refused');
  });

  it('signs the QR code with the key it publishes (the sandbox’s own)', async () => {
    const made = await portal.generateIrn(GSTIN, buildInv01(source(next()), null));
    if (made.outcome !== 'done') throw new Error('not registered');
    const key = (await portal.signingKey()) ?? (await standIn.portal.signingKey());
    expect(key && tokenSignedBy(made.value.signedQrCode, key)).toBe(true);
    const tampered = made.value.signedQrCode.replace(
      /\.([^.]+)\./,
      (_m, body: string) => `.${body.slice(0, -2)}AA.`,
    );
    expect(key && tokenSignedBy(tampered, key)).toBe(false);
  });
});

describe('the NIC adapter’s use of the API', () => {
  it('authenticates once with the encrypted payload and sends the documented headers', async () => {
    const portal = nic();
    standIn.requests.length = 0;
    await portal.generateIrn(GSTIN, buildInv01(source('SK-I27/100001'), null));
    await portal.generateIrn(GSTIN, buildInv01(source('SK-I27/100002'), null));
    const paths = standIn.requests.map((r) => r.path);
    expect(paths).toEqual(['/eivital/v1.04/auth', '/eicore/v1.03/Invoice', '/eicore/v1.03/Invoice']);
    expect(standIn.requests[0]?.body).toMatchObject({
      UserName: 'sharma_api',
      ForceRefreshAccessToken: false,
    });
    expect(standIn.requests[1]?.headers).toMatchObject({
      client_id: standIn.clientId,
      gstin: GSTIN,
      user_name: 'sharma_api',
    });
    expect(standIn.requests[1]?.headers.authtoken).toBeTruthy();
    expect(standIn.requests[1]?.body).toMatchObject({ Version: '1.1', DocDtls: { No: 'SK-I27/100001' } });
  });

  it('authenticates again when the portal answers 1005 (its token expired)', async () => {
    const portal = nic();
    await portal.generateIrn(GSTIN, buildInv01(source('SK-I27/100003'), null));
    standIn.expireTokens();
    standIn.requests.length = 0;
    const result = await portal.generateIrn(GSTIN, buildInv01(source('SK-I27/100004'), null));
    expect(result.outcome).toBe('done');
    expect(standIn.requests.map((r) => r.path)).toEqual(['/eivital/v1.04/auth', '/eicore/v1.03/Invoice']);
  });

  it('reports an outage as unavailable, to be tried again, and a wrong password as refused', async () => {
    const portal = nic();
    standIn.failNext(1);
    expect((await portal.generateIrn(GSTIN, buildInv01(source('SK-I27/100005'), null))).outcome).toBe(
      'unavailable',
    );
    expect((await portal.generateIrn(GSTIN, buildInv01(source('SK-I27/100005'), null))).outcome).toBe('done');
    const wrong = createNicIrp({
      baseUrl: standIn.url,
      clientId: standIn.clientId,
      clientSecret: standIn.clientSecret,
      publicKeyPem: standIn.publicKeyPem,
      signingKeyPem: null,
      users: { [GSTIN]: { username: 'sharma_api', password: 'wrong' } },
    });
    expect(await wrong.generateIrn(GSTIN, buildInv01(source('SK-I27/100006'), null))).toMatchObject({
      outcome: 'refused',
      errors: [{ code: '1019' }],
    });
    const unknownClient = createNicIrp({
      baseUrl: standIn.url,
      clientId: 'nope',
      clientSecret: 'nope',
      publicKeyPem: standIn.publicKeyPem,
      signingKeyPem: null,
      users: standIn.users,
    });
    expect(await unknownClient.generateIrn(GSTIN, buildInv01(source('SK-I27/100007'), null))).toMatchObject({
      outcome: 'refused',
      errors: [{ code: '1010' }],
    });
    const unreachable = createNicIrp({
      baseUrl: 'http://127.0.0.1:9',
      clientId: 'x',
      clientSecret: 'y',
      publicKeyPem: standIn.publicKeyPem,
      signingKeyPem: null,
      users: standIn.users,
    });
    expect((await unreachable.generateIrn(GSTIN, buildInv01(source('SK-I27/100008'), null))).outcome).toBe(
      'unavailable',
    );
    expect(
      await portal.generateIrn('27AAPFU0939F1ZV', buildInv01(source('SK-I27/100009'), null)),
    ).toMatchObject({ outcome: 'refused', errors: [{ code: 'CONFIG' }] });
  });
});
