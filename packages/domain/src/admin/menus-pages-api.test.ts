import { describe, expect, it } from 'vitest';
import {
  CONTENT_MESSAGES,
  FooterMenuInput,
  LINK_MAX,
  PAGE_BODY_MAX,
  PageInput,
  safeMenuLink,
  SLUG_MAX,
  slugFromTitle,
  TopMenuInput,
  topMenuHref,
} from './menus-pages-api.ts';

// requirements#operator-content: a menu link is a path on this site or an https address, nothing else
describe('menu links', () => {
  it.each([
    ['/deals', '/deals'],
    ['  /policy/privacy-notice  ', '/policy/privacy-notice'],
    ['/search?q=saree&sort=price', '/search?q=saree&sort=price'],
    ['/best-sellers-online/Home%20%26%20Kitchen', '/best-sellers-online/Home%20%26%20Kitchen'],
    ['/', '/'],
    ['https://help.example.com/returns', 'https://help.example.com/returns'],
    ['https://www.example.in/a?b=c#d', 'https://www.example.in/a?b=c#d'],
  ])('keeps %j as %j', (input, kept) => {
    expect(safeMenuLink(input)).toBe(kept);
  });

  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    [' javascript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox(1)'],
    ['http://example.com'],
    ['mailto:help@example.com'],
    ['ftp://example.com/file'],
    ['//evil.example.com/path'],
    ['/\\evil.example.com'],
    ['\\\\evil.example.com'],
    ['https://'],
    ['https:///path'],
    ['https://localhost/x'],
    ['https://user:pass@example.com/'],
    ['https://exa mple.com'],
    ['https://a..b/'],
    ['/path with spaces'],
    ['/nul\u0000byte'],
    ['/%E0%A4%A'],
    ['/searchpage/a%00b'],
    ['/searchpage/a%0d%0aSet-Cookie'],
    ['deals'],
    ['example.com'],
    [''],
    ['   '],
    [`/${'a'.repeat(LINK_MAX)}`],
  ])('refuses %j', (input) => {
    expect(safeMenuLink(input)).toBeNull();
  });
});

describe('page addresses', () => {
  it.each([
    ['Return and Refund Policy', 'return-and-refund-policy'],
    ['  Privacy   Notice ', 'privacy-notice'],
    ['Terms & Conditions', 'terms-and-conditions'],
    ['Café Offers 2026!', 'cafe-offers-2026'],
    ['---', ''],
    ['दिवाली ऑफ़र', ''],
  ])('suggests an address for %j: %j', (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug);
  });

  it('never suggests an address longer than the limit, nor one ending in a hyphen', () => {
    const slug = slugFromTitle(`${'word '.repeat(40)}`);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug.endsWith('-')).toBe(false);
  });

  const page = { title: 'Shipping', kind: 'policy', body: '<p>x</p>' };
  it.each([
    ['shipping-policy', true],
    ['a', true],
    ['2026-offers', true],
    ['Shipping', false],
    ['shipping policy', false],
    ['shipping--policy', false],
    ['-shipping', false],
    ['shipping-', false],
    ['shipping/policy', false],
    ['ship%20ping', false],
    ['', false],
    ['x'.repeat(SLUG_MAX + 1), false],
  ])('address %j is %s', (slug, isValid) => {
    expect(PageInput.safeParse({ ...page, slug }).success).toBe(isValid);
  });

  it('refuses a missing title, an unknown kind, a title with a NUL byte, an oversized body', () => {
    const base = { ...page, slug: 'shipping' };
    expect(PageInput.safeParse({ ...base, title: '  ' }).error?.issues[0]?.message).toBe(
      CONTENT_MESSAGES.titleMissing,
    );
    expect(PageInput.safeParse({ ...base, kind: 'home' }).error?.issues[0]?.message).toBe(
      CONTENT_MESSAGES.kindUnknown,
    );
    expect(PageInput.safeParse({ ...base, title: 'a\u0000b' }).error?.issues[0]?.message).toBe(
      CONTENT_MESSAGES.controlCharacters,
    );
    expect(PageInput.safeParse({ ...base, body: 'x'.repeat(PAGE_BODY_MAX + 1) }).success).toBe(false);
  });

  it('drops NUL bytes from the body and reads a missing body as empty', () => {
    expect(PageInput.parse({ ...page, slug: 's', body: '<p>a\u0000b</p>' }).body).toBe('<p>ab</p>');
    expect(PageInput.parse({ title: 'T', slug: 's', kind: 'explore' }).body).toBe('');
  });
});

describe('menu entries', () => {
  it('a top-menu entry needs a category or a link', () => {
    expect(
      TopMenuInput.safeParse({ label: 'Offers', link: '', categoryId: '' }).error?.issues[0]?.message,
    ).toBe(CONTENT_MESSAGES.topMenuNeedsTarget);
    expect(TopMenuInput.parse({ label: ' Offers ', link: '/deals', categoryId: '' })).toEqual({
      label: 'Offers',
      link: '/deals',
      categoryId: null,
    });
    expect(TopMenuInput.parse({ label: 'Mobiles', categoryId: '7' })).toEqual({
      label: 'Mobiles',
      link: null,
      categoryId: 7,
    });
  });

  it('takes its own parsed output again (the console parses a form, the API parses what it sends)', () => {
    const top = TopMenuInput.parse({ label: 'Mobiles', link: '', categoryId: '7' });
    expect(TopMenuInput.parse(top)).toEqual(top);
    const footer = FooterMenuInput.parse({ section: 'policy', label: 'Terms', link: '', pageId: '3' });
    expect(FooterMenuInput.parse(footer)).toEqual(footer);
  });

  it('a footer entry takes a page, a link or neither, never both', () => {
    expect(FooterMenuInput.parse({ section: 'support', label: 'Help', link: '', pageId: '' })).toEqual({
      section: 'support',
      label: 'Help',
      link: null,
      pageId: null,
    });
    expect(
      FooterMenuInput.safeParse({ section: 'policy', label: 'X', link: '/x', pageId: 3 }).error?.issues[0]
        ?.message,
    ).toBe(CONTENT_MESSAGES.footerLinkAndPage);
    expect(FooterMenuInput.safeParse({ section: 'legal', label: 'X' }).error?.issues[0]?.message).toBe(
      CONTENT_MESSAGES.sectionUnknown,
    );
  });

  it.each([
    [{ label: '', link: '/x' }, CONTENT_MESSAGES.labelMissing],
    [{ label: 'x'.repeat(61), link: '/x' }, CONTENT_MESSAGES.labelTooLong],
    [{ label: 'a\u0000', link: '/x' }, CONTENT_MESSAGES.controlCharacters],
    [{ label: 'Bad', link: 'javascript:alert(1)' }, CONTENT_MESSAGES.linkNotSafe],
    [{ label: 'Bad', link: `/${'a'.repeat(LINK_MAX)}` }, CONTENT_MESSAGES.linkTooLong],
    [{ label: 'Bad', link: '/x', categoryId: '1e3' }, 'Choose an entry from the list.'],
    [{ label: 'Bad', link: '/x', categoryId: '99999999999' }, 'Choose an entry from the list.'],
  ])('refuses %j: %s', (input, message) => {
    expect(TopMenuInput.safeParse(input).error?.issues[0]?.message).toBe(message);
  });

  it('a top-menu entry without its own link leads to its best sellers', () => {
    expect(topMenuHref({ label: 'Home & Kitchen', link: null })).toBe(
      '/best-sellers-online/Home%20%26%20Kitchen',
    );
    expect(topMenuHref({ label: 'Offers', link: '/deals' })).toBe('/deals');
  });
});
