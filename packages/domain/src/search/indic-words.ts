// requirements#indic-search (ADR-0064): shopping words as shoppers in India type them, in
// Devanagari, Tamil and Telugu script and romanised ('joote', 'chappal'). A native word is searched
// by its English word too (the catalog's titles are English), and a romanised or English word by
// its native forms (the titles sellers wrote in Hindi, Tamil and Telugu). Scholarly transliteration
// schemes give 'mobAila' for मोबाइल, never the 'mobile' a shopper types: the words are listed.

/**
 * One thing and its words: `en` the English words the catalog uses (the first is the thing's own,
 * all searched with their synonyms), `roman` the romanised Indian words shoppers type for it
 * ('joote'), then the native-script words per language.
 */
export type IndicWord = {
  en: readonly string[];
  roman: readonly string[];
  hi: readonly string[];
  ta: readonly string[];
  te: readonly string[];
};

export const INDIC_WORDS: readonly IndicWord[] = [
  {
    en: ['mobile', 'phone', 'smartphone'],
    roman: ['fone', 'mobail'],
    hi: ['मोबाइल', 'फोन', 'फ़ोन', 'स्मार्टफोन', 'स्मार्टफ़ोन'],
    ta: ['மொபைல்', 'போன்', 'ஃபோன்', 'கைபேசி', 'அலைபேசி', 'ஸ்மார்ட்போன்'],
    te: ['మొబైల్', 'ఫోన్', 'ఫోను', 'స్మార్ట్ఫోన్'],
  },
  {
    en: ['saree', 'sari', 'sarees'],
    roman: ['saadi', 'sadi', 'sadee'],
    hi: ['साड़ी', 'साडी', 'साड़ियां', 'साड़ियाँ'],
    ta: ['புடவை', 'சேலை', 'சாரி', 'புடவைகள்'],
    te: ['చీర', 'చీరలు', 'శారీ'],
  },
  {
    en: ['kurti', 'kurtis'],
    roman: ['kurthi'],
    hi: ['कुर्ती', 'कुरती', 'कुर्तियां', 'कुर्तियाँ'],
    ta: ['குர்தி', 'குர்த்தி'],
    te: ['కుర్తీ', 'కుర్తి', 'కుర్తీలు'],
  },
  {
    en: ['kurta', 'kurtas'],
    roman: ['kurtha'],
    hi: ['कुर्ता', 'कुरता', 'कुर्ते'],
    ta: ['குர்தா', 'குர்த்தா'],
    te: ['కుర్తా', 'కుర్తాలు'],
  },
  {
    en: ['shoe', 'shoes'],
    roman: ['joota', 'joote', 'juta', 'jootey', 'jooti', 'jutti'],
    hi: ['जूता', 'जूते', 'जूती', 'शूज़', 'शूज'],
    ta: ['காலணி', 'காலணிகள்', 'ஷூ', 'ஷூஸ்', 'ஷூக்கள்'],
    te: ['బూట్లు', 'బూటు', 'షూ', 'షూస్', 'పాదరక్షలు'],
  },
  {
    en: ['chappal', 'chappals', 'slipper', 'slippers', 'sandal', 'sandals'],
    roman: ['chappel', 'chapal'],
    hi: ['चप्पल', 'चप्पलें', 'सैंडल'],
    ta: ['செருப்பு', 'செருப்புகள்', 'சப்பல்', 'சாண்டல்'],
    te: ['చెప్పులు', 'చెప్పు', 'శాండల్', 'చప్పల్'],
  },
  {
    en: ['tv', 'television'],
    roman: ['teevee'],
    hi: ['टीवी', 'टेलीविजन', 'टेलीविज़न'],
    ta: ['டிவி', 'தொலைக்காட்சி', 'டிவீ'],
    te: ['టీవీ', 'టెలివిజన్'],
  },
  {
    en: ['watch'],
    roman: ['ghadi', 'ghari'],
    hi: ['घड़ी', 'घडी', 'वॉच'],
    ta: ['கடிகாரம்', 'வாட்ச்'],
    te: ['గడియారం', 'వాచ్'],
  },
  {
    en: ['shirt'],
    roman: ['kameez', 'kamiz', 'chokka'],
    hi: ['शर्ट', 'कमीज़', 'कमीज'],
    ta: ['சட்டை', 'ஷர்ட்'],
    te: ['చొక్కా', 'షర్ట్'],
  },
  {
    en: ['bag'],
    roman: ['thaila', 'jhola'],
    hi: ['बैग', 'थैला', 'झोला'],
    ta: ['பை', 'பேக்'],
    te: ['బ్యాగ్', 'సంచి'],
  },
  {
    en: ['earphone', 'earphones'],
    roman: [],
    hi: ['ईयरफोन', 'इयरफोन', 'ईयरफ़ोन'],
    ta: ['இயர்போன்', 'இயர்ஃபோன்'],
    te: ['ఇయర్ఫోన్', 'ఇయర్‌ఫోన్'],
  },
  {
    en: ['charger'],
    roman: [],
    hi: ['चार्जर'],
    ta: ['சார்ஜர்'],
    te: ['ఛార్జర్', 'చార్జర్'],
  },
  {
    en: ['laptop'],
    roman: [],
    hi: ['लैपटॉप', 'लैपटाप'],
    ta: ['லேப்டாப்', 'மடிக்கணினி'],
    te: ['ల్యాప్టాప్', 'ల్యాప్‌టాప్'],
  },
  {
    en: ['women', 'womens', 'ladies'],
    roman: ['mahila', 'aurat'],
    hi: ['महिला', 'महिलाओं', 'महिलाएं'],
    ta: ['பெண்கள்', 'பெண்களுக்கான'],
    te: ['మహిళల', 'మహిళలు', 'మహిళలకు'],
  },
  {
    en: ['men', 'mens', 'gents'],
    roman: ['purush'],
    hi: ['पुरुष', 'पुरुषों'],
    ta: ['ஆண்கள்', 'ஆண்களுக்கான'],
    te: ['పురుషుల', 'పురుషులు', 'పురుషులకు'],
  },
  {
    en: ['cotton'],
    roman: ['suti', 'sooti'],
    hi: ['सूती', 'कॉटन', 'कपास'],
    ta: ['பருத்தி', 'காட்டன்'],
    te: ['కాటన్', 'నూలు'],
  },
  {
    en: ['silk'],
    roman: ['resham', 'reshmi', 'pattu'],
    hi: ['सिल्क', 'रेशमी', 'रेशम'],
    ta: ['பட்டு', 'சில்க்'],
    te: ['పట్టు', 'సిల్క్'],
  },
];

/** Joiners (ZWJ, ZWNJ) only shape letters: a word typed with or without them is the same word. */
const JOINERS = /[\u200c\u200d]/g;
/** A word as it is compared: NFC, joiners removed, lower case. */
export const foldWord = (word: string) => word.normalize('NFC').replace(JOINERS, '').toLowerCase();

export type IndicScript = 'hi' | 'ta' | 'te';
const SCRIPTS: [IndicScript, RegExp][] = [
  ['hi', /\p{Script=Devanagari}/u],
  ['ta', /\p{Script=Tamil}/u],
  ['te', /\p{Script=Telugu}/u],
];

/** The product language whose script a word is written in, or null for Latin letters and numbers. */
export function scriptOf(word: string): IndicScript | null {
  for (const [language, pattern] of SCRIPTS) if (pattern.test(word)) return language;
  return null;
}

const byWord = new Map<string, IndicWord>();
for (const entry of INDIC_WORDS) {
  for (const word of [...entry.en, ...entry.roman, ...entry.hi, ...entry.ta, ...entry.te]) {
    const folded = foldWord(word);
    if (!byWord.has(folded)) byWord.set(folded, entry);
  }
}

/** The listed thing a word names (in any script), or undefined. */
export const indicEntryOf = (word: string): IndicWord | undefined => byWord.get(foldWord(word));

/** The English words a native-script word is searched by ('जूते' → shoe, shoes); none for others. */
export function englishForms(word: string): string[] {
  const entry = scriptOf(word) ? indicEntryOf(word) : undefined;
  return entry ? [...new Set([...entry.en, ...entry.roman])] : [];
}

export type NativeForm = { language: IndicScript; word: string };

/**
 * The words a word is looked for by in sellers' Hindi, Tamil and Telugu titles: itself and, when
 * listed, its forms in every script ('chappal' → चप्पल, செருப்பு, చెప్పులు, ...; 'साड़ी' → புடவை, చీర, ...).
 */
export function nativeForms(word: string): NativeForm[] {
  const folded = foldWord(word);
  const own = scriptOf(folded);
  const entry = indicEntryOf(folded);
  const forms: NativeForm[] = own ? [{ language: own, word: folded }] : [];
  if (entry) {
    for (const language of ['hi', 'ta', 'te'] as const)
      for (const form of entry[language]) forms.push({ language, word: foldWord(form) });
  }
  const seen = new Set<string>();
  return forms.filter((form) => !seen.has(form.word) && seen.add(form.word));
}

/**
 * The English word the catalog uses for a native-script or romanised Indian word ('जूते', 'joote'
 * → 'shoe'); the word itself for any other (an English word is searched as typed).
 */
export function catalogWord(word: string): string {
  const entry = indicEntryOf(word);
  if (!entry) return word;
  const folded = foldWord(word);
  return entry.en.some((en) => foldWord(en) === folded) ? word : (entry.en[0] ?? word);
}

/** True when a keyword's words reach sellers' translated titles: a native word or a listed one. */
export const reachesTranslations = (words: readonly string[]) =>
  words.some((word) => scriptOf(word) !== null || indicEntryOf(word) !== undefined);
