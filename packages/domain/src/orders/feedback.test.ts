import { describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGES, FeedbackInput, fitWithin, isVideoFile, pickImages } from './feedback.ts';

const key = (n: number) => n.toString(16).padStart(32, '0');
const file = (name: string, type = 'image/jpeg') => ({ name, type });

describe('FeedbackInput', () => {
  const base = { orderItemId: 12, kind: 'product', stars: 4, text: ' Good ' } as const;

  it.each([
    [{ ...base }, true],
    [{ ...base, kind: 'seller' }, true],
    [{ ...base, images: [key(1), key(2)], video: key(3) }, true],
    [{ ...base, stars: 0 }, false],
    [{ ...base, stars: 6 }, false],
    [{ ...base, stars: 4.5 }, false],
    [{ ...base, stars: '4' }, false],
    [{ ...base, kind: 'shop' }, false],
    [{ ...base, text: 'x'.repeat(2001) }, false],
    [{ ...base, images: [1, 2, 3, 4, 5, 6].map(key) }, false],
    [{ ...base, images: [key(1), key(1)] }, false],
    [{ ...base, images: ['../../etc/passwd'] }, false],
    [{ ...base, kind: 'delivery', images: [key(1)] }, false],
    [{ ...base, kind: 'seller', video: key(1) }, false],
    [{ ...base, userId: 3 }, false],
    [{ ...base, orderItemId: -1 }, false],
  ])('%j valid: %s', (input, valid) => {
    expect(FeedbackInput.safeParse(input).success).toBe(valid);
  });

  it('trims the text and defaults media to none', () => {
    expect(FeedbackInput.parse(base)).toEqual({ ...base, text: 'Good', images: [], video: null });
  });

  it('says the spec message for a sixth image', () => {
    const result = FeedbackInput.safeParse({ ...base, images: [1, 2, 3, 4, 5, 6].map(key) });
    expect(result.error?.issues[0]?.message).toBe('You can only upload a maximum of 5 images.');
  });
});

describe('pickImages', () => {
  it.each([
    { current: [], picked: [file('a.jpg')], added: ['a.jpg'], message: null },
    {
      current: [],
      picked: [file('a.jpg'), file('notes.pdf', 'application/pdf')],
      added: ['a.jpg'],
      message: FEEDBACK_MESSAGES.invalidImages,
    },
    { current: [file('a.jpg')], picked: [file('a.jpg'), file('b.png')], added: ['b.png'], message: null },
    {
      current: ['1', '2', '3', '4'].map((n) => file(`${n}.jpg`)),
      picked: [file('5.jpg'), file('6.jpg')],
      added: ['5.jpg'],
      message: 'You can only upload a maximum of 5 images.',
    },
    {
      current: ['1', '2', '3', '4', '5'].map((n) => file(`${n}.jpg`)),
      picked: [file('5.jpg')],
      added: [],
      message: null,
    },
    {
      current: [],
      picked: [file('clip.mp4', 'video/mp4')],
      added: [],
      message: 'Please select valid image files.',
    },
  ])('keeps $added from $picked.length picked', ({ current, picked, added, message }) => {
    const result = pickImages(current, picked);
    expect(result.added.map((f) => f.name)).toEqual(added);
    expect(result.message).toBe(message);
  });
});

describe('isVideoFile', () => {
  it.each([
    ['video/mp4', true],
    ['video/webm', true],
    ['image/gif', false],
    ['', false],
  ])('%s is a video: %s', (type, expected) => {
    expect(isVideoFile({ name: 'x', type })).toBe(expected);
  });
});

describe('fitWithin', () => {
  it.each([
    [1200, 800, 300, 200],
    [800, 1200, 200, 300],
    [300, 300, 300, 300],
    [120, 90, 120, 90],
    [4000, 10, 300, 1],
    [0, 10, 0, 0],
  ])('%i x %i becomes %i x %i', (w, h, width, height) => {
    expect(fitWithin(w, h)).toEqual({ width, height });
  });
});
