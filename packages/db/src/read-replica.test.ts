import { describe, expect, it } from 'vitest';
import { walPosition } from './read-replica.ts';

// ADR-0068: a browser that wrote reads from the writer until the replica has replayed past the
// writer's position at that write; positions are PostgreSQL's pg_lsn text, compared as numbers
describe('walPosition', () => {
  it.each([
    ['0/0', 0n],
    ['0/16B3748', 0x16b3748n],
    ['16/B374D848', (0x16n << 32n) + 0xb374d848n],
    ['FFFFFFFF/FFFFFFFF', (0xffffffffn << 32n) + 0xffffffffn],
    ['1/0', 1n << 32n],
  ])('reads %s', (text, position) => {
    expect(walPosition(text)).toBe(position);
  });

  it('orders a later segment after any offset of an earlier one', () => {
    expect((walPosition('1/0') ?? 0n) > (walPosition('0/FFFFFFFF') ?? 0n)).toBe(true);
  });

  it.each(['', '16', '16/', '/B374D848', '16/B374D848/1', '123456789/0', '0/G', ' 0/0', '0/0\0', '0x1/2'])(
    'refuses %j',
    (text) => {
      expect(walPosition(text)).toBeNull();
    },
  );
});
