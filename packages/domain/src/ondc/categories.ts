// ONDC retail domains and category ids (RET 1.2 category lists in ONDC-Official/ONDC-RET-Specifications)
// for the shop's top-level categories (docs/requirements.md#ondc-catalog).

export type OndcCategory = { domain: string; categoryId: string };

/** Matched on the product's category path, leaf first, by the words in the shop's names. */
const RULES: readonly { pattern: RegExp; domain: string; categoryId: string }[] = [
  { pattern: /mobile|smartphone|phone/i, domain: 'ONDC:RET14', categoryId: 'Mobile Phone' },
  { pattern: /laptop|computer|desktop|tablet/i, domain: 'ONDC:RET14', categoryId: 'Desktop and Laptop' },
  { pattern: /headphone|earphone|speaker|audio/i, domain: 'ONDC:RET14', categoryId: 'Audio' },
  { pattern: /camera/i, domain: 'ONDC:RET14', categoryId: 'Camera and Camcorder' },
  { pattern: /television|\btv\b/i, domain: 'ONDC:RET14', categoryId: 'Television' },
  { pattern: /watch|wearable/i, domain: 'ONDC:RET14', categoryId: 'Smart Watches' },
  { pattern: /electronic|charger|accessor/i, domain: 'ONDC:RET14', categoryId: 'Computer Peripheral' },
  { pattern: /saree|sari/i, domain: 'ONDC:RET12', categoryId: 'Sarees' },
  { pattern: /kurta/i, domain: 'ONDC:RET12', categoryId: 'Kurtas & Kurta Pairs' },
  { pattern: /jean|denim/i, domain: 'ONDC:RET12', categoryId: 'Jeans' },
  { pattern: /shirt/i, domain: 'ONDC:RET12', categoryId: 'Shirts' },
  { pattern: /shoe|footwear|sandal|jutti|flats/i, domain: 'ONDC:RET12', categoryId: 'Casual Shoes' },
  { pattern: /bag|backpack|luggage/i, domain: 'ONDC:RET12', categoryId: 'Backpacks' },
  { pattern: /jewel/i, domain: 'ONDC:RET12', categoryId: 'Jewellery Sets' },
  { pattern: /fashion|cloth|apparel|wear/i, domain: 'ONDC:RET12', categoryId: 'Tops' },
  { pattern: /fragrance|perfume|attar/i, domain: 'ONDC:RET13', categoryId: 'Fragrance' },
  { pattern: /hair/i, domain: 'ONDC:RET13', categoryId: 'Hair Care' },
  { pattern: /skin|face/i, domain: 'ONDC:RET13', categoryId: 'Skin Care' },
  { pattern: /groom|shav|beard/i, domain: 'ONDC:RET13', categoryId: 'Shaving and Grooming' },
  { pattern: /beauty|personal care|cosmetic|makeup/i, domain: 'ONDC:RET13', categoryId: 'Make Up' },
  {
    pattern: /cookware|pressure cooker|kitchen|dining|bottle/i,
    domain: 'ONDC:RET16',
    categoryId: 'Kitchen & Dining',
  },
  {
    pattern: /appliance|mixer|grinder|kettle|coffee/i,
    domain: 'ONDC:RET15',
    categoryId: 'Kitchen Appliances',
  },
  { pattern: /home|decor|furnish|bed|bath/i, domain: 'ONDC:RET16', categoryId: 'Home Decor' },
  { pattern: /grocery|food|staple|snack/i, domain: 'ONDC:RET10', categoryId: 'Foodgrains' },
  { pattern: /health|wellness|fitness/i, domain: 'ONDC:RET18', categoryId: 'Health and Wellness' },
  { pattern: /toy|game/i, domain: 'ONDC:RET1A', categoryId: 'Toys and Games' },
  { pattern: /book|stationery/i, domain: 'ONDC:RET1B', categoryId: 'Books' },
];

/** The ONDC domain and category of a product from its category path (leaf first); null when none fits. */
export function ondcCategoryOf(path: readonly string[]): OndcCategory | null {
  for (const name of path)
    for (const rule of RULES)
      if (rule.pattern.test(name)) return { domain: rule.domain, categoryId: rule.categoryId };
  return null;
}

export const ONDC_RETAIL_DOMAINS = [
  'ONDC:RET10',
  'ONDC:RET12',
  'ONDC:RET13',
  'ONDC:RET14',
  'ONDC:RET15',
  'ONDC:RET16',
  'ONDC:RET18',
  'ONDC:RET1A',
  'ONDC:RET1B',
] as const;
