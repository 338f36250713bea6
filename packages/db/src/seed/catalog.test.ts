import { describe, expect, it } from 'vitest';
import { joinWords, NameSet } from './catalog.ts';

describe('joinWords', () => {
  it.each([
    [
      ['Peacock Books', 'Little Scientist Activity', 'Activity Book'],
      'Peacock Books Little Scientist Activity Book',
    ],
    [['Kairo', 'Nova 5G', 'Smartphone'], 'Kairo Nova 5G Smartphone'],
    [['Rasoi', 'Pro  Grind', 'grind Mixer'], 'Rasoi Pro Grind Mixer'],
    [['Boomtal', 'Bass Bass', 'Speaker'], 'Boomtal Bass Speaker'],
  ])('%j reads %s', (parts, name) => {
    expect(joinWords(...parts)).toBe(name);
  });
});

describe('NameSet', () => {
  it('knows names case-insensitively and tells different names apart', () => {
    const names = new NameSet();
    names.add('Kairo Nova 5G Smartphone (Blue, 128 GB)');
    expect(names.has('kairo nova 5g smartphone (blue, 128 gb)')).toBe(true);
    expect(names.has('Kairo Nova 5G Smartphone (Blue, 256 GB)')).toBe(false);
    expect(names.has('Kairo Nova 5G Smartphone')).toBe(false);
  });

  it('has no collisions among 200,000 similar names', () => {
    const names = new NameSet();
    for (let i = 0; i < 200_000; i++) names.add(`Brand Model ${i} Noun`);
    let collisions = 0;
    for (let i = 200_000; i < 400_000; i++) if (names.has(`Brand Model ${i} Noun`)) collisions++;
    expect(collisions).toBe(0);
  });
});
