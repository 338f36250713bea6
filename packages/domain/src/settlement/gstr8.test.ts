import { describe, expect, it } from 'vitest';
import { type Gstr8Document, gstr8Csv, gstr8Json, gstr8Of, returnPeriod, tcsTotalOf } from './gstr8.ts';

// requirements#gstr-8 (ADR-0043): CGST s. 52(4), rule 67(1), FORM GSTR-8 Tables 3 and 4; enrolled
// suppliers apart without TCS (Notification 37/2023-CT)
const OPERATOR = '29AABCB1234K1ZT';
const KA = '29AAACK1234A1Z5';
const MH = '27AAACM1234B1Z6';

const doc = (changes: Partial<Gstr8Document>): Gstr8Document => ({
  kind: 'invoice',
  sellerId: 1,
  sellerLegalName: 'Karnataka Traders',
  sellerGstin: KA,
  sellerEnrolmentNo: null,
  placeOfSupplyCode: '29',
  supplyKind: 'intra',
  recipientRegistered: false,
  taxablePaise: 100_000,
  tcsPaise: 500,
  ...changes,
});

const documents: Gstr8Document[] = [
  // Karnataka seller: to a shopper in Karnataka, a business in Karnataka, a shopper in Maharashtra
  doc({}),
  doc({ recipientRegistered: true, taxablePaise: 200_000, tcsPaise: 1_000 }),
  doc({ placeOfSupplyCode: '27', supplyKind: 'inter', taxablePaise: 50_001, tcsPaise: 250 }),
  // a shopper's return and a business's return in Karnataka (an odd paisa of TCS back)
  doc({ kind: 'credit_note', taxablePaise: 33_333, tcsPaise: 167 }),
  doc({ kind: 'credit_note', recipientRegistered: true, taxablePaise: 20_000, tcsPaise: 100 }),
  // Maharashtra seller
  doc({
    sellerId: 2,
    sellerGstin: MH,
    sellerLegalName: 'Mumbai Goods',
    placeOfSupplyCode: '27',
    taxablePaise: 80_000,
    tcsPaise: 400,
  }),
  // an enrolled seller: listed apart, no TCS
  doc({
    sellerId: 3,
    sellerGstin: null,
    sellerEnrolmentNo: '291000000123ENR',
    sellerLegalName: 'Small Crafts',
    taxablePaise: 40_000,
    tcsPaise: 0,
  }),
  doc({
    kind: 'credit_note',
    sellerId: 3,
    sellerGstin: null,
    sellerEnrolmentNo: '291000000123ENR',
    sellerLegalName: 'Small Crafts',
    taxablePaise: 10_000,
    tcsPaise: 0,
  }),
];

describe('GSTR-8 Table 3 (CGST s. 52, rule 67)', () => {
  const gstr8 = gstr8Of({ month: '2026-11', operatorGstin: OPERATOR, documents });

  it('has a row per supplier GSTIN and place of supply, supplies to registered and unregistered apart', () => {
    expect(gstr8.table3.map((r) => [r.sellerGstin, r.placeOfSupplyCode])).toEqual([
      [MH, '27'],
      [KA, '27'],
      [KA, '29'],
    ]);
    const ka = gstr8.table3[2];
    expect(ka).toMatchObject({
      supRPaise: 200_000,
      retsupRPaise: 20_000,
      supUPaise: 100_000,
      retsupUPaise: 33_333,
      netPaise: 200_000 - 20_000 + 100_000 - 33_333,
    });
  });

  it('CGST s. 52 / IGST Act s. 20: TCS is IGST between states, CGST + SGST within one, the odd paisa to CGST', () => {
    const [mh, kaInter, ka] = gstr8.table3;
    expect(kaInter).toMatchObject({ igstPaise: 250, cgstPaise: 0, sgstPaise: 0 });
    expect(mh).toMatchObject({ igstPaise: 0, cgstPaise: 200, sgstPaise: 200 });
    // 500 + 1000 − 167 − 100 = 1233: 617 CGST, 616 SGST
    expect(ka).toMatchObject({ igstPaise: 0, cgstPaise: 617, sgstPaise: 616 });
  });

  it('totals equal the TCS of the documents (the ledger’s), enrolled suppliers left out', () => {
    const tcs = documents
      .filter((d) => d.sellerGstin !== null)
      .reduce((sum, d) => sum + (d.kind === 'invoice' ? d.tcsPaise : -d.tcsPaise), 0);
    expect(tcsTotalOf(gstr8.totals)).toBe(tcs);
    expect(gstr8.totals.netPaise).toBe(gstr8.table3.reduce((sum, r) => sum + r.netPaise, 0));
  });

  it('Notification 37/2023-CT: an enrolled supplier is listed by enrolment number without TCS', () => {
    expect(gstr8.enrolled).toEqual([
      {
        sellerId: 3,
        enrolmentNo: '291000000123ENR',
        sellerLegalName: 'Small Crafts',
        grossPaise: 40_000,
        returnedPaise: 10_000,
        netPaise: 30_000,
      },
    ]);
    expect(gstr8.table3.some((r) => r.sellerId === 3)).toBe(false);
  });
});

describe('the GST offline tool’s GSTR-8 JSON', () => {
  const gstr8 = gstr8Of({
    month: '2026-11',
    operatorGstin: OPERATOR,
    documents,
    amendments: [
      {
        originalMonth: '2026-09',
        originalGstin: '29AAACK1234A2Z4',
        sellerGstin: KA,
        sellerLegalName: 'Karnataka Traders',
        supRPaise: 0,
        retsupRPaise: 0,
        supUPaise: 10_000,
        retsupUPaise: 0,
        netPaise: 10_000,
        igstPaise: 0,
        cgstPaise: 25,
        sgstPaise: 25,
      },
    ],
  });
  const json = gstr8Json(gstr8);

  it('names the operator’s GSTIN and the return period as MMYYYY', () => {
    expect(returnPeriod('2026-04')).toBe('042026');
    expect(json.gstin).toBe(OPERATOR);
    expect(json.fp).toBe('112026');
    expect(Object.keys(json)).toEqual(['gstin', 'fp', 'tcs', 'tcsa', 'urd']);
  });

  // the portal's GSTR-8 format, tables TCS and TCSA (the checksum `chksum` is the portal's own, and
  // `source`/`actn` are set by the portal on a supplier's rejection): requirements#gstr-8
  it('Table 3 (tcs): a record per supplier GSTIN with exactly the portal’s keys in its order, amounts in rupees', () => {
    for (const record of json.tcs)
      expect(Object.keys(record)).toEqual([
        'stin',
        'supR',
        'retsupR',
        'supU',
        'retsupU',
        'amt',
        'camt',
        'samt',
        'iamt',
        'stin_name',
      ]);
    const ka = json.tcs.find((r) => r.stin === KA);
    expect(ka).toEqual({
      stin: KA,
      supR: 2000,
      retsupR: 200,
      supU: 1500.01,
      retsupU: 333.33,
      amt: 2966.68,
      iamt: 2.5,
      camt: 6.17,
      samt: 6.16,
      stin_name: 'Karnataka Traders',
    });
    for (const record of json.tcs) {
      expect(record.stin).toMatch(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/);
      for (const value of Object.values(record).slice(1, -1))
        expect(Math.round((value as number) * 100)).toBeCloseTo((value as number) * 100, 6);
    }
  });

  it('Table 4 (tcsa): an amendment carries its original period (ofp) and GSTIN (ostin)', () => {
    expect(json.tcsa).toEqual([
      {
        stin: KA,
        ostin: '29AAACK1234A2Z4',
        ofp: '092026',
        supR: 0,
        retsupR: 0,
        supU: 100,
        retsupU: 0,
        amt: 100,
        iamt: 0,
        camt: 0.25,
        samt: 0.25,
        stin_name: 'Karnataka Traders',
        ostin_name: 'Karnataka Traders',
      },
    ]);
    expect(Object.keys(json.tcsa[0] ?? {})).toEqual([
      'stin',
      'ostin',
      'ofp',
      'supR',
      'retsupR',
      'supU',
      'retsupU',
      'amt',
      'camt',
      'samt',
      'iamt',
      'stin_name',
      'ostin_name',
    ]);
  });

  it('enrolled suppliers (urd): enrolment id, gross, returned and net, no tax', () => {
    expect(json.urd).toEqual([{ eid: '291000000123ENR', grsval: 400, supret: 100, amt: 300 }]);
  });
});

describe('GSTR-8 as CSV', () => {
  it('has Table 3 lines by place of supply, a totals line, Table 4 with the original period, enrolled suppliers apart', () => {
    const csv = gstr8Csv(gstr8Of({ month: '2026-11', operatorGstin: OPERATOR, documents }));
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'table,original_period,original_supplier_gstin,supplier_gstin,supplier_legal_name,place_of_supply,supply,supplies_to_registered_inr,returned_by_registered_inr,supplies_to_unregistered_inr,returned_by_unregistered_inr,net_amount_liable_for_tcs_inr,tcs_igst_inr,tcs_cgst_inr,tcs_sgst_inr,tcs_total_inr',
    );
    expect(lines[3]).toBe(
      `3,,,${KA},Karnataka Traders,29-Karnataka,intra,2000.00,200.00,1000.00,333.33,2466.67,0.00,6.17,6.16,12.33`,
    );
    expect(lines[4]).toMatch(/^3 total,/);
    expect(lines[5]).toBe(
      'enrolled,,,291000000123ENR,Small Crafts,,no TCS (Notification 37/2023-CT),,,400.00,100.00,300.00,,,,',
    );
  });

  it('makes a hostile legal name safe for spreadsheets', () => {
    const csv = gstr8Csv(
      gstr8Of({
        month: '2026-11',
        operatorGstin: OPERATOR,
        documents: [doc({ sellerLegalName: '=HYPERLINK("x")' })],
      }),
    );
    expect(csv).not.toContain(',=HYPERLINK');
  });
});
