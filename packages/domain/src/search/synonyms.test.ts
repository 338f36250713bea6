import { describe, expect, it } from 'vitest';
import { SEARCH_SYNONYMS, singularWord, wordAlternatives } from './synonyms.ts';

describe('singularWord', () => {
  it.each([
    ['phones', 'phone'],
    ['mobiles', 'mobile'],
    ['tvs', 'tv'],
    ['TVs', 'tv'],
    ['batteries', 'battery'],
    ['watches', 'watch'],
    ['sunglasses', 'sunglass'],
    ['boxes', 'box'],
    ['sarees', 'saree'],
    ['glass', 'glass'],
    ['bus', 'bus'],
    ['iris', 'iris'],
    ['as', 'as'],
    ['phone', 'phone'],
    ['5g', '5g'],
  ])('%s → %s', (word, singular) => {
    expect(singularWord(word)).toBe(singular);
  });
});

describe('wordAlternatives', () => {
  it.each([
    ['phone', ['phone', 'mobile', 'smartphone', 'cellphone', 'handset']],
    ['mobile', ['mobile', 'phone', 'smartphone', 'cellphone', 'handset']],
    ['mobiles', ['mobiles', 'phone', 'mobile', 'smartphone', 'cellphone', 'handset']],
    ['Smartphones', ['smartphones', 'phone', 'mobile', 'smartphone', 'cellphone', 'handset']],
    ['tv', ['tv', 'television', 'telly']],
    ['tvs', ['tvs', 'tv', 'television', 'telly']],
    ['television', ['television', 'tv', 'telly']],
    ['fridge', ['fridge', 'refrigerator']],
    ['refrigerators', ['refrigerators', 'fridge', 'refrigerator']],
    ['mixie', ['mixie', 'mixer']],
    ['powerbank', ['powerbank', 'power bank']],
    ['sari', ['sari', 'saree']],
    ['colour', ['colour', 'color']],
    ['laptop', ['laptop']],
    ['blue', ['blue']],
    ['5g', ['5g']],
    ['कैमरा', ['कैमरा']],
  ])('%s → %j', (word, alternatives) => {
    expect(wordAlternatives(word)).toEqual(alternatives);
  });

  // requirements#indic-search: a listed native-script word is searched by its English words too
  it('searches फ़ोन and மொபைல் as phones', () => {
    expect(wordAlternatives('फ़ोन')).toEqual(expect.arrayContaining(['फ़ोन', 'mobile', 'phone', 'smartphone']));
    expect(wordAlternatives('மொபைல்')).toEqual(expect.arrayContaining(['mobile', 'phone']));
  });

  it('finds every word of every group its whole group', () => {
    for (const group of SEARCH_SYNONYMS) {
      for (const word of group.filter((w) => !w.includes(' '))) {
        expect(new Set(wordAlternatives(word))).toEqual(new Set(group));
      }
    }
  });

  it('keeps each word in one group only, lower-case', () => {
    const words = SEARCH_SYNONYMS.flat();
    expect(new Set(words).size).toBe(words.length);
    expect(words.every((w) => w === w.toLowerCase())).toBe(true);
  });
});
