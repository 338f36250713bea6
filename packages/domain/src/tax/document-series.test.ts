import { describe, expect, it } from 'vitest';
import {
  defaultDocumentPrefix,
  DOCUMENT_PREFIX_MESSAGES,
  DocumentPrefix,
  documentPrefixProblem,
  firstFreeDocumentPrefix,
  sellerDocumentNumber,
} from './document-series.ts';

// requirements#document-series: CGST rule 46(b)
describe('a seller’s document prefix', () => {
  it.each([
    ['SK', null],
    ['sk', null],
    ['  ab1 ', null],
    ['A-1/B', null],
    ['9X', null],
    ['', 'required'],
    ['   ', 'required'],
    ['ABCDEF', 'length'],
    ['0AB', 'characters'],
    ['/AB', 'characters'],
    ['-AB', 'characters'],
    ['A B', 'characters'],
    ['A_B', 'characters'],
    ['A\u0000B', 'characters'],
    ['ÄB', 'characters'],
    ['A%2', 'characters'],
  ] as const)('%j: %s', (text, problem) => {
    expect(documentPrefixProblem(text)).toBe(problem);
  });

  it('is stored upper-case, so two cases are one prefix', () => {
    expect(DocumentPrefix.parse(' sk ')).toBe('SK');
    expect(DocumentPrefix.safeParse('x'.repeat(101)).success).toBe(false);
    expect(DocumentPrefix.safeParse('0AB').error?.issues[0]?.message).toBe(
      DOCUMENT_PREFIX_MESSAGES.characters,
    );
  });

  it.each([
    ['Sharma Kirana Stores Pvt Ltd', 'SKS'],
    ['Acme', 'ACME'],
    ['Bharat Electronics and Home Appliances Limited', 'BEHA'],
    ['007 Traders', 'T'],
    ['---', 'S'],
  ])('defaults from the name %j to %j, a valid prefix', (name, prefix) => {
    expect(defaultDocumentPrefix(name)).toBe(prefix);
    expect(documentPrefixProblem(prefix)).toBeNull();
  });

  // unique per GSTIN: a second account of the same business, left blank, still gets one of its own
  it.each([
    ['Sharma Kirana Stores', [], 'SKS'],
    ['Sharma Kirana Stores', ['SKS'], 'SKS2'],
    ['Sharma Kirana Stores', ['SKS', 'SKS2', 'SKS3'], 'SKS4'],
    [
      'Bharat Electronics and Home Appliances',
      ['BEHA', ...'23456789'.split('').map((d) => `BEHA${d}`)],
      'BEH10',
    ],
    ['007 Traders', ['T'], 'T2'],
  ])('the first free prefix from %j beside %j is %j', (name, taken, prefix) => {
    const free = firstFreeDocumentPrefix(name, new Set(taken));
    expect(free).toBe(prefix);
    expect(documentPrefixProblem(free ?? '')).toBeNull();
  });

  it('has none left once every one is taken', () => {
    const all = new Set<string>();
    for (let free = firstFreeDocumentPrefix('Acme', all); free; free = firstFreeDocumentPrefix('Acme', all))
      all.add(free);
    expect(all.size).toBe(99);
  });
});

describe('a seller’s document number', () => {
  it.each([
    ['SK', 'invoice', '2026-27', 1, 'SK-I27/000001'],
    ['sk', 'credit_note', '2026-27', 42, 'SK-C27/000042'],
    ['ABCDE', 'invoice', '2099-00', 999999, 'ABCDE-I00/999999'],
  ] as const)('%s %s %s #%d is %s (at most 16 characters)', (prefix, kind, year, serial, number) => {
    expect(sellerDocumentNumber(prefix, kind, year, serial)).toBe(number);
    expect(number.length).toBeLessThanOrEqual(16);
  });

  it('refuses what would break rule 46', () => {
    expect(() => sellerDocumentNumber('ABCDE', 'invoice', '2026-27', 1_000_000)).toThrow(RangeError);
    expect(() => sellerDocumentNumber('0A', 'invoice', '2026-27', 1)).toThrow(RangeError);
    expect(() => sellerDocumentNumber('A', 'invoice', '2026', 1)).toThrow(RangeError);
    expect(() => sellerDocumentNumber('A', 'invoice', '2026-27', 0)).toThrow(RangeError);
  });
});
