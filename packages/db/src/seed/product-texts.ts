// requirements#product-languages (ADR-0064): some products' titles and a bullet point in Hindi, Tamil
// and Telugu, as sellers in India write them: the brand and model stay in English letters, the kind
// of product is in the language ('Kairo Nova 5G स्मार्टफोन (8 GB, Blue)'), live as if approved.
import { sql } from 'drizzle-orm';
import { queryRows } from '../client.ts';
import { productTexts } from '../schema/index.ts';
import type { SeedContext } from './context.ts';

type Words = { hi: string; ta: string; te: string };

/** The kinds of product translated, longest English noun first (so 'Silk Saree' wins over 'Saree'). */
export const TRANSLATED_NOUNS: [string, Words][] = [
  ['Kurta Set with Dupatta', { hi: 'दुपट्टे के साथ कुर्ता सेट', ta: 'துப்பட்டாவுடன் குர்தா செட்', te: 'దుపట్టాతో కుర్తా సెట్' }],
  ['Kolhapuri Chappals', { hi: 'कोल्हापुरी चप्पल', ta: 'கோலாப்புரி செருப்பு', te: 'కొల్హాపురి చెప్పులు' }],
  ['Georgette Saree', { hi: 'जॉर्जेट साड़ी', ta: 'ஜார்ஜெட் புடவை', te: 'జార్జెట్ చీర' }],
  ['Anarkali Kurta', { hi: 'अनारकली कुर्ता', ta: 'அனார்கலி குர்தா', te: 'అనార్కలీ కుర్తా' }],
  ['Running Shoes', { hi: 'रनिंग जूते', ta: 'ரன்னிங் ஷூஸ்', te: 'రన్నింగ్ షూస్' }],
  ['Walking Shoes', { hi: 'वॉकिंग जूते', ta: 'வாக்கிங் ஷூஸ்', te: 'వాకింగ్ షూస్' }],
  ['Sports Shoes', { hi: 'स्पोर्ट्स जूते', ta: 'ஸ்போர்ட்ஸ் ஷூஸ்', te: 'స్పోర్ట్స్ షూస్' }],
  ['Casual Shoes', { hi: 'कैज़ुअल जूते', ta: 'கேஷுவல் ஷூஸ்', te: 'క్యాజువల్ షూస్' }],
  ['5G Smartphone', { hi: '5G स्मार्टफोन', ta: '5G ஸ்மார்ட்போன்', te: '5G స్మార్ట్‌ఫోన్' }],
  ['4G Smartphone', { hi: '4G मोबाइल फोन', ta: '4G மொபைல் போன்', te: '4G మొబైల్ ఫోన్' }],
  ['Cotton Saree', { hi: 'कॉटन साड़ी', ta: 'காட்டன் புடவை', te: 'కాటన్ చీర' }],
  ['Silk Saree', { hi: 'सिल्क साड़ी', ta: 'பட்டு புடவை', te: 'పట్టు చీర' }],
  ['Smartphone', { hi: 'स्मार्टफोन', ta: 'ஸ்மார்ட்போன்', te: 'స్మార్ట్‌ఫోన్' }],
  ['Sneakers', { hi: 'स्नीकर्स जूते', ta: 'ஸ்னீக்கர்ஸ் ஷூஸ்', te: 'స్నీకర్స్ షూస్' }],
  ['Sandals', { hi: 'सैंडल चप्पल', ta: 'சாண்டல் செருப்பு', te: 'శాండల్ చెప్పులు' }],
  ['Saree', { hi: 'साड़ी', ta: 'புடவை', te: 'చీర' }],
  ['Kurti', { hi: 'कुर्ती', ta: 'குர்தி', te: 'కుర్తీ' }],
  ['Kurta', { hi: 'कुर्ता', ta: 'குர்தா', te: 'కుర్తా' }],
];

/** Who it is for, as sellers add it: women's clothing says so in the title. */
const FOR_WOMEN: Words = { hi: 'महिलाओं के लिए', ta: 'பெண்களுக்கான', te: 'మహిళల కోసం' };

/** One bullet point a seller writes for the kind of product. */
const BULLETS: Record<'phone' | 'saree' | 'kurta' | 'shoe', Words> = {
  phone: {
    hi: 'दमदार बैटरी और तेज़ चार्जिंग, डुअल सिम, 1 साल की ब्रांड वारंटी',
    ta: 'நீண்ட பேட்டரி, வேகமான சார்ஜிங், டூயல் சிம், 1 வருட பிராண்ட் வாரண்டி',
    te: 'పెద్ద బ్యాటరీ, ఫాస్ట్ ఛార్జింగ్, డ్యూయల్ సిమ్, 1 సంవత్సరం బ్రాండ్ వారంటీ',
  },
  saree: {
    hi: 'ब्लाउज़ पीस के साथ, शादी और त्योहार के लिए बढ़िया',
    ta: 'பிளவுஸ் துணியுடன், திருமணம் மற்றும் பண்டிகைக்கு ஏற்றது',
    te: 'బ్లౌజ్ పీస్‌తో, పెళ్లి మరియు పండుగలకు చక్కగా సరిపోతుంది',
  },
  kurta: {
    hi: 'मुलायम कपड़ा, रोज़ पहनने और ऑफिस के लिए आरामदायक',
    ta: 'மென்மையான துணி, தினசரி மற்றும் அலுவலக உடைக்கு வசதியானது',
    te: 'మెత్తని బట్ట, రోజువారీ మరియు ఆఫీస్‌కు సౌకర్యంగా ఉంటుంది',
  },
  shoe: {
    hi: 'हल्के और आरामदायक, मज़बूत सोल, रोज़ इस्तेमाल के लिए',
    ta: 'இலகுவானது, வசதியானது, உறுதியான சோல், தினசரி பயன்பாட்டிற்கு',
    te: 'తేలికైనవి, సౌకర్యవంతమైనవి, గట్టి సోల్, రోజువారీ వాడకానికి',
  },
};

const kindOf = (noun: string): keyof typeof BULLETS =>
  /phone/i.test(noun) ? 'phone' : /saree/i.test(noun) ? 'saree' : /kurt/i.test(noun) ? 'kurta' : 'shoe';

/** A product's title in a language from its English name, or null when its kind is not translated. */
export function translatedTitle(name: string, language: keyof Words, isForWomen: boolean): string | null {
  const found = TRANSLATED_NOUNS.find(([noun]) => name.includes(noun));
  if (!found) return null;
  const [noun, words] = found;
  const title = name.replace(noun, words[language]);
  return isForWomen ? `${title} – ${FOR_WOMEN[language]}` : title;
}

/** How many best-selling products of each translated kind get texts. */
export const TRANSLATED_PER_KIND = 8;

export async function seedProductTexts(ctx: SeedContext): Promise<number> {
  // the best sellers of phones, sarees, kurtas and kurtis, and shoes and chappals, by category name
  const rows = await queryRows<{ id: number; name: string; top: string }>(
    ctx.db,
    sql`WITH RECURSIVE tree AS (
          SELECT id, name AS top, name FROM categories
           WHERE name IN ('Smartphones', 'Sarees', 'Kurtas & Kurtis', 'Men''s Sports Shoes',
                          'Men''s Sandals & Floaters', 'Women''s Flats & Sandals', 'Women''s Sneakers')
          UNION ALL SELECT c.id, tree.top, c.name FROM categories c JOIN tree ON c.parent_id = tree.id),
        ranked AS (
          SELECT p.id, p.name, tree.top,
                 row_number() OVER (PARTITION BY tree.top ORDER BY p.units_sold DESC, p.id) AS n
            FROM products p JOIN tree ON tree.id = p.category_id
           WHERE p.is_active)
        SELECT id, name, top FROM ranked WHERE n <= ${TRANSLATED_PER_KIND} ORDER BY id`,
  );
  const values = rows.flatMap((row) => {
    const isForWomen = row.top === 'Sarees' || row.top === 'Kurtas & Kurtis';
    return (['hi', 'ta', 'te'] as const).flatMap((language) => {
      const title = translatedTitle(row.name, language, isForWomen);
      const noun = TRANSLATED_NOUNS.find(([n]) => row.name.includes(n))?.[0] ?? '';
      return title
        ? [
            {
              productId: Number(row.id),
              language,
              title,
              bulletPoints: [BULLETS[kindOf(noun)][language]],
              decidedAt: ctx.now,
              updatedAt: ctx.now,
            },
          ]
        : [];
    });
  });
  if (values.length > 0) await ctx.db.insert(productTexts).values(values);
  ctx.progress(`product texts: ${values.length} titles in Hindi, Tamil and Telugu`);
  return values.length;
}
