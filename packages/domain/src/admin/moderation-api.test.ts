import { describe, expect, it } from 'vitest';
import type { ProductContentInput } from '../sellers/listing-api.ts';
import {
  combinedStars,
  contentChanges,
  MergeQuery,
  mergeConflicts,
  mergeRefusal,
  MODERATION_MESSAGES,
  RejectInput,
} from './moderation-api.ts';

const content: ProductContentInput = {
  title: 'Steel Bottle',
  bulletPoints: ['Keeps cold', 'Steel'],
  technicalDetails: [{ name: 'Capacity', value: '1 litre' }],
  additionalInfo: 'Hand wash only.',
  attributes: [{ name: 'Colour', value: 'Blue' }],
  hsnCode: '7323',
  countryOfOrigin: 'India',
  manufacturer: { name: 'Dakshin Steelworks', address: 'Chennai' },
  packer: { name: '', address: '' },
  importer: { name: '', address: '' },
  netQuantity: '1 N',
  returnDays: 10,
  replaceDays: 0,
};

describe('contentChanges', () => {
  it.each<
    [string, Partial<ProductContentInput>, { field: string; label: string; before: string; after: string }[]]
  >([
    ['nothing', {}, []],
    [
      'the title',
      { title: 'Steel Bottle 1 L' },
      [{ field: 'title', label: 'Title', before: 'Steel Bottle', after: 'Steel Bottle 1 L' }],
    ],
    [
      'bullet points, one a line',
      { bulletPoints: ['Keeps cold'] },
      [{ field: 'bulletPoints', label: 'Bullet points', before: 'Keeps cold\nSteel', after: 'Keeps cold' }],
    ],
    [
      'technical details as "Name: value"',
      { technicalDetails: [{ name: 'Capacity', value: '750 ml' }] },
      [
        {
          field: 'technicalDetails',
          label: 'Technical details',
          before: 'Capacity: 1 litre',
          after: 'Capacity: 750 ml',
        },
      ],
    ],
    [
      'a return window',
      { returnDays: 0 },
      [{ field: 'returnDays', label: 'Return window', before: '10 days', after: 'None' }],
    ],
    [
      'the packer',
      { packer: { name: 'Pack Co', address: 'Pune' } },
      [{ field: 'packer', label: 'Packer', before: '', after: 'Pack Co, Pune' }],
    ],
  ])('%s', (_, change, expected) => {
    expect(contentChanges(content, { ...content, ...change })).toEqual(expected);
  });

  it('reads attributes in any order as the same', () => {
    const a = {
      ...content,
      attributes: [
        { name: 'A', value: '1' },
        { name: 'B', value: '2' },
      ],
    };
    const b = {
      ...content,
      attributes: [
        { name: 'B', value: '2' },
        { name: 'A', value: '1' },
      ],
    };
    expect(contentChanges(a, b)).toEqual([]);
  });
});

const live = { id: 1, isActive: true, moderationStatus: 'approved', mergedIntoId: null };
describe('mergeRefusal', () => {
  it.each([
    ['two live products', live, { ...live, id: 2 }, null],
    [
      'a duplicate still waiting for moderation',
      live,
      { id: 2, isActive: false, moderationStatus: 'pending', mergedIntoId: null },
      null,
    ],
    ['the same product', live, live, MODERATION_MESSAGES.mergeSame],
    [
      'a duplicate merged already',
      live,
      { ...live, id: 2, isActive: false, mergedIntoId: 3 },
      MODERATION_MESSAGES.mergeAlreadyMerged,
    ],
    [
      'a kept product merged already',
      { ...live, isActive: false, mergedIntoId: 3 },
      { ...live, id: 2 },
      MODERATION_MESSAGES.mergeAlreadyMerged,
    ],
    [
      'a kept product waiting',
      { ...live, isActive: false, moderationStatus: 'pending' },
      { ...live, id: 2 },
      MODERATION_MESSAGES.mergeKeepNotLive,
    ],
    [
      'a kept product rejected',
      { ...live, isActive: false, moderationStatus: 'rejected' },
      { ...live, id: 2 },
      MODERATION_MESSAGES.mergeKeepNotLive,
    ],
  ])('%s', (_, keep, duplicate, expected) => {
    expect(mergeRefusal(keep, duplicate)).toBe(expected);
  });
});

describe('mergeConflicts', () => {
  const offer = (sellerId: number, sku: string, isClosed = false) => ({
    sellerId,
    sellerName: `Seller ${sellerId}`,
    sku,
    isClosed,
  });
  it.each([
    ['different sellers', [offer(1, 'A')], [offer(2, 'B')], []],
    [
      'one seller on both',
      [offer(1, 'A')],
      [offer(1, 'B')],
      [{ sellerName: 'Seller 1', keepSku: 'A', duplicateSku: 'B' }],
    ],
    [
      'one seller on both, its kept offer closed',
      [offer(1, 'A', true)],
      [offer(1, 'B')],
      [{ sellerName: 'Seller 1', keepSku: 'A', duplicateSku: 'B' }],
    ],
    ['the duplicate’s offer closed: it stays behind', [offer(1, 'A')], [offer(1, 'B', true)], []],
    ['no offers', [], [], []],
  ])('%s', (_, keep, duplicate, expected) => {
    expect(mergeConflicts(keep, duplicate)).toEqual(expected);
  });

  it('names one seller or several', () => {
    expect(MODERATION_MESSAGES.mergeSameSeller(['Dakshin Mart'])).toMatch(
      /^Dakshin Mart sells both products\. .* ask it /,
    );
    expect(MODERATION_MESSAGES.mergeSameSeller(['A', 'B'])).toMatch(
      /^A, B sell both products\. .* ask each /,
    );
  });
});

describe('combinedStars', () => {
  it('adds each star count and the total', () => {
    const keep = { star1: 1, star2: 0, star3: 2, star4: 5, star5: 10, ratingCount: 18 };
    const duplicate = { star1: 0, star2: 1, star3: 0, star4: 1, star5: 3, ratingCount: 5 };
    const sum = combinedStars(keep, duplicate);
    expect(sum).toEqual({ star1: 1, star2: 1, star3: 2, star4: 6, star5: 13, ratingCount: 23 });
    expect(sum.star1 + sum.star2 + sum.star3 + sum.star4 + sum.star5).toBe(sum.ratingCount);
  });
});

describe('RejectInput', () => {
  it.each([
    ['a reason', 'Blurry images.', true],
    ['a reason trimmed', '  Blurry images.  ', true],
    ['lines kept', 'Blurry.\nWrong brand.', true],
    ['empty', '', false],
    ['spaces', '   ', false],
    ['500 characters', 'x'.repeat(500), true],
    ['501 characters', 'x'.repeat(501), false],
    ['a NUL byte', 'a\u0000b', false],
  ])('%s', (_, reason, ok) => {
    expect(RejectInput.safeParse({ reason }).success).toBe(ok);
  });
});

describe('MergeQuery', () => {
  it.each([
    [
      { keep: '12', duplicate: '34' },
      { keepId: 12, duplicateId: 34 },
    ],
    [
      { keep: ' 12 ', duplicate: '34' },
      { keepId: 12, duplicateId: 34 },
    ],
    [{ keep: '0', duplicate: '34' }, null],
    [{ keep: '012', duplicate: '34' }, null],
    [{ keep: '2147483648', duplicate: '34' }, null],
    [{ keep: 'x', duplicate: '34' }, null],
    [{ keep: '12' }, null],
  ])('%j', (query, expected) => {
    const parsed = MergeQuery.safeParse(query);
    expect(parsed.success ? parsed.data : null).toEqual(expected);
  });
});
