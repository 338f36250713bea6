import { describe, expect, it } from 'vitest';
import { browsingCost, EXPENSIVE_COST } from './browsing-limit.ts';

const cost = (path: string) => browsingCost(new Request(`http://shop.test${path}`));

describe('what a request costs an address’s browsing budget', () => {
  it('is 1 for a plain page or lookup, and for a search of one or two words', () => {
    expect(cost('/')).toBe(1);
    expect(cost('/productdetails/12')).toBe(1);
    expect(cost('/api/pincodes/600002')).toBe(1);
    expect(cost('/searchpage/red%20phone')).toBe(1);
    expect(cost('/api/search/suggestions?q=pho')).toBe(1);
  });

  it('grows with a search’s words, a suggestion’s words and a listing’s page', () => {
    expect(cost('/searchpage/one%20two%20three%20four%20five%20six%20seven%20eight')).toBe(7);
    expect(cost('/searchpage/one+two+three+four.data')).toBe(3);
    expect(cost('/api/search/suggestions?q=one+two+three+four+five+six')).toBe(4);
    expect(cost('/best-sellers-online/1?page=50')).toBe(11);
    expect(cost('/categorylist/1/1?page=2')).toBe(1);
    expect(cost('/searchpage/one%20two%20three%20four%20five?page=30')).toBe(10);
  });

  it('is never more than 16, whatever is asked', () => {
    expect(cost(`/searchpage/${Array(50).fill('word').join('%20')}?page=99999`)).toBe(16);
    expect(cost('/searchpage/%E0%A4')).toBe(1); // malformed: refused elsewhere, counted as written
  });

  it('calls a long search expensive, a plain page not', () => {
    expect(cost('/searchpage/a%20b%20c%20d%20e')).toBeGreaterThanOrEqual(EXPENSIVE_COST);
    expect(cost('/searchpage/a')).toBeLessThan(EXPENSIVE_COST);
  });
});
