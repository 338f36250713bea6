import { describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES, AddressInput, addressCod, canDeleteAddress, sortAddresses } from './addresses.ts';

const valid = {
  firstName: 'Priya',
  lastName: 'Sharma',
  email: 'priya@example.com',
  mobile: '9876543210',
  doorNo: 'Flat 4B',
  street: 'Medavakkam Main Road',
  landmark: 'Near Koil',
  pincode: '600100',
};

describe('address input', () => {
  it('accepts a full address, trimmed', () => {
    expect(AddressInput.parse({ ...valid, street: '  Medavakkam Main Road ' })).toEqual(valid);
  });

  it.each([
    ...Object.entries(ADDRESS_MESSAGES.required).map(([field, message]) => [{ [field]: '' }, field, message]),
    ...Object.entries(ADDRESS_MESSAGES.required).map(([field, message]) => [
      { [field]: undefined },
      field,
      message,
    ]),
    [{ mobile: '5876543210' }, 'mobile', ADDRESS_MESSAGES.mobile],
    [{ mobile: '98765432' }, 'mobile', ADDRESS_MESSAGES.mobile],
    [{ mobile: '+919876543210' }, 'mobile', ADDRESS_MESSAGES.mobile],
    [{ email: 'priya@example' }, 'email', ADDRESS_MESSAGES.email],
    [{ email: 'priya example.com' }, 'email', ADDRESS_MESSAGES.email],
    [{ email: '@example.com' }, 'email', ADDRESS_MESSAGES.email],
    [{ pincode: '060010' }, 'pincode', ADDRESS_MESSAGES.pincode],
    [{ pincode: '60010' }, 'pincode', ADDRESS_MESSAGES.pincode],
    [{ pincode: '6001000' }, 'pincode', ADDRESS_MESSAGES.pincode],
    [{ doorNo: 'x'.repeat(201) }, 'doorNo', ADDRESS_MESSAGES.tooLong],
    [{ firstName: 'x'.repeat(51) }, 'firstName', ADDRESS_MESSAGES.nameTooLong],
  ] as [Record<string, unknown>, string, string][])('%j -> %s: %s', (change, path, message) => {
    const result = AddressInput.safeParse({ ...valid, ...change });
    expect(result.error?.issues[0]?.path.join('.')).toBe(path);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('takes no city, state, default flag or owner from the client', () => {
    for (const extra of [{ city: 'X' }, { state: 'Y' }, { isDefault: true }, { userId: 3 }]) {
      expect(AddressInput.safeParse({ ...valid, ...extra }).success).toBe(false);
    }
  });

  it('uses the spec texts', () => {
    expect(ADDRESS_MESSAGES.pincode).toBe('The pincode is invalid. Please check and try again.');
    expect(ADDRESS_MESSAGES.saveFailed).toBe('An error occurred while saving the address. Please try again.');
  });
});

describe('address rules', () => {
  it('lists the default first, then oldest first', () => {
    const list = [
      { id: 5, isDefault: false },
      { id: 9, isDefault: true },
      { id: 2, isDefault: false },
    ];
    expect(sortAddresses(list).map((a) => a.id)).toEqual([9, 2, 5]);
  });

  it.each([
    [{ isDefault: true }, false],
    [{ isDefault: false }, true],
  ])('may delete %j: %s', (address, allowed) => expect(canDeleteAddress(address)).toBe(allowed));

  it.each([
    [{ isServiceable: true, hasCod: true }, 'Yes'],
    [{ isServiceable: true, hasCod: false }, 'No'],
    [{ isServiceable: false, hasCod: true }, 'No'],
    [null, 'No'],
  ] as const)('COD for %j: %s', (place, cod) => expect(addressCod(place)).toBe(cod));
});
