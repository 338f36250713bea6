import { describe, expect, it } from 'vitest';
import {
  joinInputFromForm,
  maskAccountNumber,
  SELLER_JOIN_MESSAGES as M,
  SellerBankInput,
  SellerJoinInput,
} from './seller-join.ts';
import { DOCUMENT_PREFIX_MESSAGES } from '../tax/document-series.ts';
import { gstinCheckCharacter } from './tax-identity.ts';

const GSTIN = `29AAPFU0939F1Z${gstinCheckCharacter('29AAPFU0939F1Z')}`;
const WRONG_CHECK = `${GSTIN.slice(0, 14)}${GSTIN.endsWith('A') ? 'B' : 'A'}`;

const valid = {
  legalName: 'Sri Lakshmi Traders Private Limited',
  displayName: 'Lakshmi Traders',
  taxStatus: 'registered',
  gstin: GSTIN,
  pan: 'AAPFU0939F',
  pickupAddress: '12, 4th Cross\nGandhi Nagar',
  pickupPincode: '560009',
  returnAddress: '12, 4th Cross, Gandhi Nagar',
  returnPincode: '560009',
  contactName: 'Lakshmi Rao',
  contactEmail: 'lakshmi@example.com',
  contactMobile: '98450 12345',
  bankAccountName: 'Sri Lakshmi Traders',
  bankAccountNumber: '1234 5678 9012',
  bankIfsc: 'sbin0001234',
  categoryIds: ['3', '1', '3'],
};

const messagesOf = (input: Record<string, unknown>) => {
  const result = SellerJoinInput.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[String(issue.path[0])] ??= issue.message;
  return fields;
};

describe('SellerJoinInput', () => {
  it('reads a valid registered seller, cleaned', () => {
    const parsed = SellerJoinInput.parse(valid);
    expect(parsed).toMatchObject({
      gstin: GSTIN,
      enrolmentNo: null,
      contactMobile: '9845012345',
      bankAccountNumber: '123456789012',
      bankIfsc: 'SBIN0001234',
      categoryIds: [1, 3],
    });
  });

  it('reads an unregistered seller by its enrolment number, dropping any GSTIN', () => {
    const parsed = SellerJoinInput.parse({
      ...valid,
      taxStatus: 'unregistered',
      gstin: undefined,
      enrolmentNo: '29aapfu0939f1ab',
    });
    expect(parsed).toMatchObject({ gstin: null, enrolmentNo: '29AAPFU0939F1AB' });
  });

  it.each([
    ['missing legal name', { legalName: '  ' }, 'legalName', M.legalName],
    ['HTML in the display name', { displayName: '<b>Cheap</b>' }, 'displayName', M.noMarkup],
    ['a NUL byte in the legal name', { legalName: 'Lakshmi\u0000Traders' }, 'legalName', M.noMarkup],
    ['a display name too long', { displayName: 'x'.repeat(101) }, 'displayName', M.nameTooLong],
    ['no tax status', { taxStatus: 'maybe' }, 'taxStatus', M.taxStatus],
    ['no GSTIN', { gstin: '' }, 'gstin', M.gstin],
    ['a GSTIN of the wrong shape', { gstin: '29AAPFU0939F1' }, 'gstin', M.gstinShape],
    ['an unknown state code', { gstin: `99${GSTIN.slice(2)}` }, 'gstin', M.gstinState],
    ['a wrong check character', { gstin: WRONG_CHECK }, 'gstin', M.gstinCheck],
    ['a PAN of the wrong shape', { pan: 'AAPF0939F' }, 'pan', M.panShape],
    ['a PAN other than the GSTIN’s', { pan: 'AAPFU0939G' }, 'pan', M.panMismatch],
    [
      'an unregistered seller without enrolment',
      { taxStatus: 'unregistered', gstin: undefined },
      'enrolmentNo',
      M.enrolmentNo,
    ],
    [
      'a malformed enrolment number',
      { taxStatus: 'unregistered', enrolmentNo: '99AAPFU0939F1AB' },
      'enrolmentNo',
      M.enrolmentShape,
    ],
    [
      'an enrolment of another PAN',
      { taxStatus: 'unregistered', enrolmentNo: '29AAPFU0939G1AB' },
      'pan',
      M.enrolmentPanMismatch,
    ],
    ['no pickup address', { pickupAddress: '\n \n' }, 'pickupAddress', M.pickupAddress],
    ['an address too long', { returnAddress: 'a'.repeat(301) }, 'returnAddress', M.addressTooLong],
    ['a 5-digit pincode', { pickupPincode: '56000' }, 'pickupPincode', M.pincode],
    ['a pincode starting 0', { returnPincode: '060009' }, 'returnPincode', M.pincode],
    ['a bad email', { contactEmail: 'lakshmi@' }, 'contactEmail', M.contactEmail],
    ['a mobile starting 5', { contactMobile: '5845012345' }, 'contactMobile', M.contactMobile],
    ['an 8-digit account', { bankAccountNumber: '12345678' }, 'bankAccountNumber', M.bankAccountNumber],
    ['a 19-digit account', { bankAccountNumber: '1'.repeat(19) }, 'bankAccountNumber', M.bankAccountNumber],
    ['an IFSC without its 0', { bankIfsc: 'SBIN1001234' }, 'bankIfsc', M.bankIfsc],
    ['no categories', { categoryIds: [] }, 'categoryIds', M.categories],
    ['a category that is not a number', { categoryIds: ['books'] }, 'categoryIds', M.unknownCategory],
  ])('%s', (_case, change, field, message) => {
    expect(messagesOf({ ...valid, ...change })[field]).toBe(message);
  });

  it('refuses fields it does not know', () => {
    expect(SellerJoinInput.safeParse({ ...valid, status: 'approved' }).success).toBe(false);
  });
});

// requirements#document-series: the seller chooses its invoice number prefix when it joins
describe('the invoice number prefix at joining', () => {
  it('is left to the server (the legal name’s initials) when blank or not sent', () => {
    expect(SellerJoinInput.parse(valid).documentPrefix).toBeNull();
    expect(SellerJoinInput.parse({ ...valid, documentPrefix: '   ' }).documentPrefix).toBeNull();
  });

  it('keeps a chosen prefix in capitals, whatever case it was typed in', () => {
    expect(SellerJoinInput.parse({ ...valid, documentPrefix: ' lk/1 ' }).documentPrefix).toBe('LK/1');
  });

  it.each([
    ['ABCDEF', DOCUMENT_PREFIX_MESSAGES.length], // numbers stay within 16 characters (CGST rule 46(b))
    ['0AB', DOCUMENT_PREFIX_MESSAGES.characters], // the IRN drops a leading 0
    ['-AB', DOCUMENT_PREFIX_MESSAGES.characters],
    ['A B', DOCUMENT_PREFIX_MESSAGES.characters],
    ['AB\u0000', DOCUMENT_PREFIX_MESSAGES.characters],
    ['ÅB', DOCUMENT_PREFIX_MESSAGES.characters],
    ['x'.repeat(1000), DOCUMENT_PREFIX_MESSAGES.length],
  ])('refuses %j with a message beside the field', (prefix, message) => {
    expect(messagesOf({ ...valid, documentPrefix: prefix }).documentPrefix).toBe(message);
  });

  it('is read from the form like the other fields', () => {
    const form = new FormData();
    form.set('documentPrefix', 'lk');
    expect(joinInputFromForm(form).documentPrefix).toBe('lk');
  });
});

describe('joinInputFromForm', () => {
  it('sends only the chosen identity and every ticked category', () => {
    const form = new FormData();
    form.set('taxStatus', 'unregistered');
    form.set('gstin', GSTIN);
    form.set('enrolmentNo', '29AAPFU0939F1AB');
    form.append('categoryIds', '1');
    form.append('categoryIds', '2');
    form.set('taxCertificate', new Blob(['x']), 'x.pdf');
    const input = joinInputFromForm(form);
    expect(input).toMatchObject({ enrolmentNo: '29AAPFU0939F1AB', categoryIds: ['1', '2'] });
    expect(input).not.toHaveProperty('gstin');
    expect(input).not.toHaveProperty('taxCertificate');
  });
});

describe('SellerBankInput', () => {
  it('needs the number typed the same twice', () => {
    const bank = { bankAccountName: 'A', bankAccountNumber: '123456789', bankIfsc: 'SBIN0001234' };
    expect(SellerBankInput.safeParse({ ...bank, confirmAccountNumber: '123 456 789' }).success).toBe(true);
    const mismatch = SellerBankInput.safeParse({ ...bank, confirmAccountNumber: '123456780' });
    expect(mismatch.error?.issues[0]?.path).toEqual(['confirmAccountNumber']);
  });

  it('masks all but the last four digits', () => {
    expect(maskAccountNumber('123456789012')).toBe('•••• 9012');
  });
});
