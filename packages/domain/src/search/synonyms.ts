// The words a keyword is searched by (requirements#search-relevance, ADR-0022): a shopper's word,
// its singular and the words Indian shoppers use for the same thing ('mobile' for a smartphone, 'tv'
// for a television, 'fridge' for a refrigerator). The database's English stemmer already folds most
// plurals ('smartphones' → 'smartphon'); the singular here only finds a plural's synonyms ('tvs' → 'tv').

import { englishForms } from './indic-words.ts';

/**
 * Words that name the same thing, each group searched as one word. A group lists single words (the
 * form a shopper types) and may end with phrases that name the thing in product names ('power bank').
 * Only words that really are the same thing are grouped: 'shoe' and 'sneaker' are not (a sneaker is
 * one kind of shoe, and a shopper asking for sneakers does not want formal shoes).
 */
export const SEARCH_SYNONYMS: readonly (readonly string[])[] = [
  ['phone', 'mobile', 'smartphone', 'cellphone', 'handset'],
  ['tv', 'television', 'telly'],
  ['fridge', 'refrigerator'],
  ['earphone', 'earbud', 'tws'],
  ['headphone', 'headset'],
  ['saree', 'sari'],
  ['sunglass', 'shade', 'goggle'],
  ['chappal', 'slipper', 'floater', 'sandal'],
  ['bicycle', 'cycle', 'bike'],
  ['mixer', 'mixie'],
  ['tshirt', 'tee', 't-shirt'],
  ['watch', 'wristwatch'],
  ['perfume', 'fragrance', 'scent', 'parfum', 'cologne'],
  ['deodorant', 'deo'],
  ['moisturiser', 'moisturizer'],
  ['colour', 'color'],
  ['jewellery', 'jewelry'],
  ['pyjama', 'pajama'],
  ['trimmer', 'shaver'],
  ['powerbank', 'power bank'],
  ['charger', 'adapter', 'adaptor'],
  ['racket', 'racquet'],
  ['flask', 'thermos'],
  ['kadhai', 'kadai', 'wok'],
  ['bedsheet', 'bed sheet'],
  ['dohar', 'quilt', 'comforter', 'razai'],
  ['backpack', 'rucksack'],
  ['handbag', 'purse'],
  ['soundbar', 'sound bar', 'home theatre'],
  ['theatre', 'theater'],
  ['smartwatch', 'smart watch'],
  ['teddy', 'soft toy', 'plush toy'],
  ['cooker', 'pressure cooker'],
];

const groupOf = new Map<string, readonly string[]>(
  SEARCH_SYNONYMS.flatMap((group) =>
    group.filter((word) => !word.includes(' ')).map((word) => [word, group]),
  ),
);

/**
 * The singular of an English plural, by its spelling: 'batteries' → 'battery', 'watches' → 'watch',
 * 'tvs' → 'tv'. Words that do not look plural stay as they are. Only used to look words up in
 * SEARCH_SYNONYMS: a wrong singular ('gas' → 'ga') finds no group and is never searched.
 */
export function singularWord(word: string): string {
  const w = word.toLowerCase();
  if (w.length <= 2 || !w.endsWith('s') || /(ss|us|is)$/.test(w)) return w;
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(ches|shes|xes|sses)$/.test(w)) return w.slice(0, -2);
  return w.slice(0, -1);
}

/**
 * What a keyword's word is searched by: the word itself, then the other words of its synonym group
 * (looked up by the word and by its singular). 'mobiles' → mobiles, phone, mobile, smartphone, ...
 */
export function wordAlternatives(word: string): string[] {
  const w = word.toLowerCase();
  // requirements#indic-search: a word in Devanagari, Tamil or Telugu script is searched by its
  // English words too ('जूते' → shoe, sneaker is not; 'மொபைல்' → mobile, phone, smartphone, ...)
  const english = englishForms(w);
  if (english.length > 0) return [...new Set([w, ...english.flatMap((form) => wordAlternatives(form))])];
  const group = groupOf.get(w) ?? groupOf.get(singularWord(w));
  if (!group) return [w];
  return [w, ...group.filter((other) => other !== w)];
}
