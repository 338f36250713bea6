import { describe, expect, it } from 'vitest';
import { isRecordId, MAX_RECORD_ID } from './record-id.ts';

describe('isRecordId', () => {
  it.each([
    ['1', true],
    ['12', true],
    [String(MAX_RECORD_ID), true],
    [String(MAX_RECORD_ID + 1), false],
    ['9999999999', false],
    ['0', false],
    ['012', false],
    ['-1', false],
    ['1.5', false],
    ['1e3', false],
    [' 1', false],
    ['1\u0000', false],
    ['', false],
    ['12345678901', false],
  ])('%j -> %s', (text, expected) => {
    expect(isRecordId(text)).toBe(expected);
  });
});
