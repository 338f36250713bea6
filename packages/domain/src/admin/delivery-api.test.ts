import { describe, expect, it } from 'vitest';
import { isCodAllowed } from '../orders/cod.ts';
import {
  CodLimitInput,
  DELIVERY_MESSAGES,
  PincodeChangeInput,
  RateInput,
  rateRefusal,
  readPincodeList,
  rupeesTextToPaise,
} from './delivery-api.ts';

// requirements#operator-delivery

describe('pincodes read from a list or a CSV', () => {
  it.each([
    ['one per line', '110001\n560034\r\n600001', ['110001', '560034', '600001'], []],
    ['commas and spaces', '110001, 560034  600001;400001', ['110001', '560034', '600001', '400001'], []],
    ['each once', '110001\n110001, 110001', ['110001'], []],
    ['a CSV with a header', 'pincode,city\n110001,New Delhi\n"560034",Bengaluru', ['110001', '560034'], []],
    [
      'entries that are not pincodes, with their lines',
      '110001\n011001\n12345\nabc\u0000def\n5600341',
      ['110001'],
      [
        { line: 2, value: '011001' },
        { line: 3, value: '12345' },
        { line: 4, value: 'abc\u0000def' },
        { line: 5, value: '5600341' },
      ],
    ],
    ['blank lines are nothing', '\n\n  \n', [], []],
  ])('%s', (_label, text, pincodes, problems) => {
    const read = readPincodeList(text);
    expect(read.pincodes.map((p) => p.pincode)).toEqual(pincodes);
    expect(read.problems).toEqual(problems.map((p) => ({ ...p, reason: DELIVERY_MESSAGES.notPincode })));
  });

  it('keeps the line a pincode was first named on, and cuts a long entry short', () => {
    expect(readPincodeList('x\n560034\n560034').pincodes).toEqual([{ pincode: '560034', line: 2 }]);
    expect(readPincodeList('9'.repeat(500)).problems[0]?.value).toHaveLength(40);
  });
});

describe('rupees as staff type them', () => {
  it.each([
    ['15000', 1_500_000],
    ['15,000', 1_500_000],
    ['₹ 15,000.00', 1_500_000],
    ['49.5', 4_950],
    ['0', 0],
    ['0.05', 5],
    ['49.505', null],
    ['-1', null],
    ['1e3', null],
    ['', null],
    ['12\u00003', null],
  ])('%j → %s paise', (text, paise) => expect(rupeesTextToPaise(text)).toBe(paise));
});

describe('a rate, the limit and a pincode change as the API takes them', () => {
  const rate = { isAvailable: true, chargePaise: 4_000, arrivingDays: 3, hasCod: true };
  it.each([
    [{ ...rate, chargePaise: -1 }, DELIVERY_MESSAGES.charge],
    [{ ...rate, chargePaise: 1_000_001 }, DELIVERY_MESSAGES.charge],
    [{ ...rate, chargePaise: 10.5 }, DELIVERY_MESSAGES.charge],
    [{ ...rate, chargePaise: '4000' }, DELIVERY_MESSAGES.charge],
    [{ ...rate, arrivingDays: 31 }, DELIVERY_MESSAGES.days],
    [{ ...rate, arrivingDays: -1 }, DELIVERY_MESSAGES.days],
  ])('refuses the rate %j: %s', (input, message) => {
    const parsed = RateInput.safeParse(input);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('takes a rate within range, ₹0 and ₹10,000 included', () => {
    expect(RateInput.safeParse({ ...rate, chargePaise: 0, arrivingDays: 0 }).success).toBe(true);
    expect(RateInput.safeParse({ ...rate, chargePaise: 1_000_000, arrivingDays: 30 }).success).toBe(true);
  });

  it.each([
    ['sameday', 'local', true, null],
    ['sameday', 'regional', true, DELIVERY_MESSAGES.sameDayLocal],
    ['sameday', 'remote', false, null],
    ['express', 'remote', true, null],
  ] as const)('%s in the %s zone, available %s: %s', (type, zone, isAvailable, refusal) => {
    expect(rateRefusal(type, zone, { isAvailable })).toBe(refusal);
  });

  it.each([
    [100, true],
    [50_000_000, true],
    [99, false],
    [50_000_001, false],
    [1_500_000.5, false],
  ])('a limit of %s paise is %s', (codLimitPaise, ok) => {
    const parsed = CodLimitInput.safeParse({ codLimitPaise });
    expect(parsed.success).toBe(ok);
    if (!ok) expect(parsed.error?.issues[0]?.message).toBe(DELIVERY_MESSAGES.codLimit);
  });

  it.each([
    [{ change: 'unserviceable', pincodes: '' }, DELIVERY_MESSAGES.noPincodes],
    [{ change: 'close', pincodes: '110001' }, DELIVERY_MESSAGES.change],
    [{ change: 'cod', pincodes: '1'.repeat(400_001) }, DELIVERY_MESSAGES.tooManyPincodes(20_000)],
  ])('refuses the change %#: %s', (input, message) => {
    expect(PincodeChangeInput.safeParse(input).error?.issues[0]?.message).toBe(message);
  });
});

describe('requirements#cod-limit with a limit staff set', () => {
  const order = (totalPaise: number, limitPaise?: number) =>
    isCodAllowed({ totalPaise, chosenOptions: [{ hasCod: true }], pincodeHasCod: true, limitPaise });
  it.each([
    [1_500_000, undefined, true],
    [1_500_001, undefined, false],
    [2_000_000, 2_000_000, true],
    [2_000_001, 2_000_000, false],
    [500_001, 500_000, false],
  ])('a total of %s paise under a limit of %s: %s', (total, limit, allowed) => {
    expect(order(total, limit)).toBe(allowed);
  });
});
