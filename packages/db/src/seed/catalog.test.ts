import { describe, expect, it } from 'vitest';
import { joinWords } from './catalog.ts';

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
