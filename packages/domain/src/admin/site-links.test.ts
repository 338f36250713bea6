import { describe, expect, it } from 'vitest';
import { LINK_MESSAGES, chooseLink, describeLink, searchPath } from './site-links.ts';

// requirements#link-picker
describe('what a link leads to', () => {
  it.each([
    ['/', { kind: 'page', label: 'Home' }],
    ['/todaydeals', { kind: 'page', label: 'Today’s Deals' }],
    ['/categorylist/ssc/Men%E2%80%99s%20Sneakers', { kind: 'category', label: 'Men’s Sneakers' }],
    ['/categorylist/zz/Sneakers', { kind: 'path', label: '/categorylist/zz/Sneakers' }],
    ['/brand/Acme%20Home', { kind: 'brand', label: 'Acme Home' }],
    ['/brandregistry/Acme', { kind: 'brand', label: 'Acme' }],
    ['/productdetails/Steel%20Bottle%201L', { kind: 'product', label: 'Steel Bottle 1L' }],
    ['/policy/returns', { kind: 'content', label: 'returns' }],
    ['/searchpage/red%20shoes', { kind: 'search', label: 'red shoes' }],
    ['/searchpage/%E0%A4', { kind: 'search', label: '%E0%A4' }],
    ['/todaydeals?page=2', { kind: 'page', label: 'Today’s Deals' }],
    ['https://example.com/sale', { kind: 'external', label: 'example.com' }],
    ['http://example.com', null],
    ['javascript:alert(1)', null],
    ['//evil.example', null],
    ['/a\u0000b', null],
    ['', null],
  ])('%s', (link, meaning) => {
    expect(describeLink(link)).toEqual(meaning);
  });
});

describe('a search link', () => {
  it.each([
    ['red shoes', '/searchpage/red%20shoes'],
    ['  steel   bottle ', '/searchpage/steel%20bottle'],
    ['50% off', '/searchpage/50%25%20off'],
    ['', null],
    ['a\u0000b', null],
    ['x'.repeat(101), null],
  ])('%j', (words, path) => {
    expect(searchPath(words)).toBe(path);
  });
});

describe('the link a form saves', () => {
  const offered = ['/', '/todaydeals', '/policy/returns'];
  it.each([
    ['typed wins', '/coupons', '/todaydeals', { ok: true, link: '/coupons' }],
    ['typed is trimmed', ' /coupons ', '', { ok: true, link: '/coupons' }],
    ['a page chosen', '', '/policy/returns', { ok: true, link: '/policy/returns' }],
    ['nothing', '', '', { ok: true, link: '' }],
    ['a page the list never offered', '', 'javascript:alert(1)', { ok: false, message: LINK_MESSAGES.page }],
  ])('%s', (_, typed, chosen, result) => {
    expect(chooseLink(typed, chosen, offered)).toEqual(result);
  });
});
