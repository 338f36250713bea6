import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@marketplace/db';
import { searchWords } from '@marketplace/domain/search/suggestions';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { rankedProducts } from './find-products.ts';

// requirements#search-relevance: the relevance test set. Each keyword with the catalog's kinds of
// product (its leaf categories) that must lead its results over the seeded catalog: every match of
// those kinds comes before any other match, and there is at least one. A word naming a kind or
// category weighs more than a word of a description; singular, plural and the synonyms Indian
// shoppers use are the same word.
const SMARTPHONES = ['5G Smartphones', 'Budget Smartphones'];
const TVS = ['Smart LED TVs', '4K Ultra HD TVs'];
const LAPTOPS = ['Thin & Light Laptops', 'Gaming Laptops'];
const SANDALS = ["Men's Sandals & Floaters", "Women's Flats & Sandals"];
const BICYCLES = ['Mountain Bikes', "Kids' Bicycles"];
const LIPSTICKS = ['Matte Lipsticks', 'Liquid Lipsticks', 'Luxury Lipsticks'];
const RACKETS = ['Badminton Rackets', 'Tennis Rackets'];
// requirements#search-relevance: a department named ('kitchen') before the word in a name ('The Kitchen Tales')
const HOME_AND_KITCHEN = [
  'Mixer Grinders',
  'Hand Blenders',
  'Electric Kettles',
  'Coffee Makers',
  'Pressure Cookers',
  'Kadhais & Tawas',
  'Water Bottles',
  'Flasks & Thermos',
  'Bedsheets',
  'Dohars & Comforters',
  'Cushion Covers',
  'Filled Cushions',
  'Office Chairs',
  'Dining Chairs',
  'Table Lamps',
  'LED Desk Lamps',
];

export const RELEVANCE_SET: readonly (readonly [keyword: string, leading: readonly string[]])[] = [
  ['phone', SMARTPHONES],
  ['phones', SMARTPHONES],
  ['mobile', SMARTPHONES],
  ['mobiles', SMARTPHONES],
  ['mobile phone', SMARTPHONES],
  ['smartphone', SMARTPHONES],
  ['cellphone', SMARTPHONES],
  ['samsara mobile phone', SMARTPHONES],
  ['tv', TVS],
  ['tvs', TVS],
  ['television', TVS],
  ['smart tv', TVS],
  ['laptop', LAPTOPS],
  ['laptops', LAPTOPS],
  ['gaming laptop', ['Gaming Laptops']],
  ['tablet', ['Android Tablets', "Kids' Tablets"]],
  ['charger', ['Fast Chargers']],
  ['mobile charger', ['Fast Chargers']],
  ['power bank', ['Power Banks']],
  ['powerbank', ['Power Banks']],
  ['earphones', ['True Wireless Earbuds']],
  ['earbuds', ['True Wireless Earbuds']],
  ['headphones', ['Over-Ear Headphones']],
  ['speaker', ['Bluetooth Speakers']],
  ['soundbar', ['Soundbars']],
  ['smartwatch', ['Smartwatches']],
  ['watch', ['Analog Watches']],
  ['watches', ['Analog Watches']],
  ['camera', ['Mirrorless Cameras', 'Action Cameras']],
  ['saree', ['Sarees']],
  ['sari', ['Sarees']],
  ['kurta', ['Kurtas & Kurtis', "Men's Kurtas"]],
  ['dress', ['Dresses']],
  ['jeans', ["Women's Jeans"]],
  ['tshirt', ["Men's T-Shirts"]],
  ['sneakers', ["Women's Sneakers"]],
  ['sandals', SANDALS],
  ['chappal', SANDALS],
  ['handbag', ['Handbags']],
  ['purse', ['Handbags']],
  ['backpack', ['Laptop Backpacks']],
  ['sunglasses', ['Sunglasses']],
  ['goggles', ['Sunglasses']],
  ['earrings', ['Earrings']],
  ['mixer grinder', ['Mixer Grinders']],
  ['mixie', ['Mixer Grinders']],
  ['kettle', ['Electric Kettles']],
  ['pressure cooker', ['Pressure Cookers']],
  ['kadhai', ['Kadhais & Tawas']],
  ['water bottle', ['Water Bottles']],
  ['thermos', ['Flasks & Thermos']],
  ['bedsheet', ['Bedsheets']],
  ['office chair', ['Office Chairs']],
  ['table lamp', ['Table Lamps']],
  ['lipstick', LIPSTICKS],
  ['sunscreen', ['Sunscreens']],
  ['shampoo', ['Shampoos']],
  ['hair oil', ['Hair Oils']],
  ['trimmer', ['Beard Trimmers']],
  ['deodorant', ['Deodorants']],
  ['dumbbells', ['Dumbbells']],
  ['yoga mat', ['Yoga Mats']],
  ['bicycle', BICYCLES],
  ['cycle', BICYCLES],
  ['cricket bat', ['Cricket Bats']],
  ['racquet', RACKETS],
  ['soft toy', ['Soft Toys']],
  ['teddy', ['Soft Toys']],
  ['kitchen', HOME_AND_KITCHEN],
  ['zentra phone', SMARTPHONES],
  ['blue phone', SMARTPHONES],
];

let t: TestApp;
let leafOf: Map<number, string>;
beforeAll(async () => {
  t = await createTestApp();
  const rows = await queryRows<{ id: number; leaf: string }>(
    t.db,
    sql`SELECT p.id, c.name AS leaf FROM products p JOIN categories c ON c.id = p.category_id WHERE p.is_active`,
  );
  leafOf = new Map(rows.map((row) => [Number(row.id), row.leaf]));
});
afterAll(() => t.close());

describe('search relevance', () => {
  it('holds at least 40 keywords', () => {
    expect(RELEVANCE_SET.length).toBeGreaterThanOrEqual(40);
  });

  it.each(RELEVANCE_SET)('%s: %j lead the results', async (keyword, leading) => {
    const { ids } = await rankedProducts(t.db, keyword, searchWords(keyword), 5000);
    const leaves = ids.map((id) => leafOf.get(id) ?? `#${id}`);
    const wanted = leaves.filter((leaf) => leading.includes(leaf)).length;
    expect(wanted, `${keyword}: no product of ${leading.join(', ')} found`).toBeGreaterThan(0);
    // every match of the wanted kinds before any other match (on the first page)
    expect(leaves.slice(0, Math.min(wanted, 48))).toEqual(
      Array(Math.min(wanted, 48)).fill(expect.toBeOneOf([...leading])),
    );
  });
});
