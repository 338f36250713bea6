import { describe, expect, it } from 'vitest';
import { PICKER_MESSAGES, pickFromText, PickerQuery, typedId } from './pickers-api.ts';

// requirements#console-pickers: a form posted without scripts names its choice by id or name
const phones = [
  { id: 12, label: 'Electronics › Mobiles › Smartphones', detail: null },
  { id: 13, label: 'Electronics › Mobiles › Feature Phones', detail: null },
];

describe('a picker’s typed text', () => {
  it.each([
    ['12', 12],
    [' 13 ', 13],
    ['electronics ›  mobiles › smartphones', 12],
    ['Electronics › Mobiles › Feature Phones', 13],
  ])('%j is the choice %i', (text, id) => {
    expect(pickFromText('categories', text, phones)).toMatchObject({ ok: true, id });
  });

  it('takes the one choice a part of a name finds, but never from fewer than 3 letters', () => {
    expect(pickFromText('brands', 'sams', [{ id: 4, label: 'Samsung', detail: null }])).toMatchObject({
      id: 4,
    });
    expect(pickFromText('brands', 'sa', [{ id: 4, label: 'Samsung', detail: null }]).ok).toBe(false);
  });

  it('says so beside the field when nothing or several match', () => {
    expect(pickFromText('categories', 'Mobiles', phones)).toEqual({
      ok: false,
      message: PICKER_MESSAGES.none('category', 'Mobiles'),
    });
    expect(pickFromText('categories', '99', phones).ok).toBe(false);
    const twins = [
      { id: 1, label: 'Kurta', detail: 'Seller A' },
      { id: 2, label: 'Kurta', detail: 'Seller B' },
    ];
    expect(pickFromText('products', 'kurta', twins)).toEqual({
      ok: false,
      message: PICKER_MESSAGES.several('product', 'kurta'),
    });
  });

  it.each([
    ['7', 7],
    ['0', null],
    ['-3', null],
    ['1.5', null],
    ['99999999999', null],
    ['12a', null],
  ])('reads %j as the id %s', (text, id) => {
    expect(typedId(text)).toBe(id);
  });

  it('searches with at most 100 characters and no control characters', () => {
    expect(PickerQuery.safeParse({ q: 'x'.repeat(101) }).success).toBe(false);
    expect(PickerQuery.safeParse({ q: 'sam\u0000' }).success).toBe(false);
    expect(PickerQuery.parse({})).toEqual({ q: '' });
    expect(PickerQuery.parse({ q: '  sam ' })).toEqual({ q: 'sam' });
  });
});
