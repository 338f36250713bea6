import { describe, expect, it } from 'vitest';
import {
  displayDate,
  isRealDate,
  PASSWORD_MESSAGES,
  PasswordChange,
  PROFILE_MESSAGES,
  profileUpdateSchema,
  todayInIndia,
} from './profile.ts';

const TODAY = '2025-06-15';
const schema = profileUpdateSchema(() => TODAY);
const valid = {
  firstName: 'Priya',
  lastName: 'Sharma',
  mobile: '9876543210',
  gender: 'female',
  dateOfBirth: '1994-03-18',
  anniversary: '',
};
const firstMessage = (input: unknown) => {
  const result = schema.safeParse(input);
  return result.success
    ? null
    : { path: result.error.issues[0]?.path.join('.'), message: result.error.issues[0]?.message };
};

describe('isRealDate', () => {
  it.each([
    ['2024-02-29', true], // leap year
    ['2023-02-29', false],
    ['2000-02-29', true], // divisible by 400
    ['1900-02-29', false], // divisible by 100 only
    ['2024-04-31', false],
    ['2024-12-31', true],
    ['2024-13-01', false],
    ['2024-00-10', false],
    ['0000-00-00', false],
    ['24-1-1', false],
    ['2024-1-01', false],
    ['', false],
  ])('%s -> %s', (value, real) => expect(isRealDate(value)).toBe(real));
});

describe('displayDate', () => {
  it.each([
    [null, 'Not set'],
    [undefined, 'Not set'],
    ['0000-00-00', 'Not set'],
    ['', 'Not set'],
    ['1994-03-18', '18 Mar 1994'],
    ['2001-12-01', '1 Dec 2001'],
  ])('%j -> %s', (value, shown) => expect(displayDate(value)).toBe(shown));
});

describe('todayInIndia', () => {
  it.each([
    ['2025-06-14T18:29:00Z', '2025-06-14'],
    ['2025-06-14T18:31:00Z', '2025-06-15'], // already the 15th in India (UTC+5:30)
  ])('%s -> %s', (instant, day) => expect(todayInIndia(new Date(instant))).toBe(day));
});

describe('profile update', () => {
  it('accepts a full profile and reads empty or 0000-00-00 dates as unset', () => {
    expect(schema.parse(valid)).toEqual({ ...valid, anniversary: null });
    expect(
      schema.parse({ ...valid, dateOfBirth: '0000-00-00', anniversary: null, gender: '' }),
    ).toMatchObject({
      dateOfBirth: null,
      anniversary: null,
      gender: null,
    });
    expect(schema.parse({ ...valid, firstName: '  Priya ', dateOfBirth: TODAY }).firstName).toBe('Priya');
  });

  it.each([
    [{ firstName: '' }, 'firstName', PROFILE_MESSAGES.firstName],
    [{ firstName: '   ' }, 'firstName', PROFILE_MESSAGES.firstName],
    [{ firstName: 42 }, 'firstName', PROFILE_MESSAGES.firstName],
    [{ lastName: undefined }, 'lastName', PROFILE_MESSAGES.lastName],
    [{ lastName: 'x'.repeat(51) }, 'lastName', PROFILE_MESSAGES.nameTooLong],
    [{ firstName: 'Pri\u0000ya' }, 'firstName', PROFILE_MESSAGES.nameInvalid],
    [{ lastName: 'Sharma\u001b[31m' }, 'lastName', PROFILE_MESSAGES.nameInvalid],
    [{ mobile: '5876543210' }, 'mobile', PROFILE_MESSAGES.mobile],
    [{ mobile: '98765' }, 'mobile', PROFILE_MESSAGES.mobile],
    [{ mobile: '' }, 'mobile', PROFILE_MESSAGES.mobile],
    [{ gender: 'robot' }, 'gender', PROFILE_MESSAGES.gender],
    [{ dateOfBirth: '2023-02-29' }, 'dateOfBirth', PROFILE_MESSAGES.date],
    [{ dateOfBirth: '18/03/1994' }, 'dateOfBirth', PROFILE_MESSAGES.date],
    [{ dateOfBirth: '2025-06-16' }, 'dateOfBirth', PROFILE_MESSAGES.birthInFuture],
    [{ dateOfBirth: '1899-12-31' }, 'dateOfBirth', PROFILE_MESSAGES.tooOld],
    [{ dateOfBirth: 19940318 }, 'dateOfBirth', PROFILE_MESSAGES.date],
    [{ anniversary: '2024-04-31' }, 'anniversary', PROFILE_MESSAGES.date],
    [{ anniversary: '2030-01-01' }, 'anniversary', PROFILE_MESSAGES.anniversaryInFuture],
  ])('%j -> %s: %s', (change, path, message) => {
    expect(firstMessage({ ...valid, ...change })).toEqual({ path, message });
  });

  it('refuses fields it does not edit, such as the email or a user id', () => {
    expect(schema.safeParse({ ...valid, email: 'someone@example.com' }).success).toBe(false);
    expect(schema.safeParse({ ...valid, userId: 2 }).success).toBe(false);
  });
});

describe('password change', () => {
  const base = { currentPassword: 'Shopper@123', newPassword: 'Better#456', confirmPassword: 'Better#456' };
  it('accepts a new password typed twice', () => {
    expect(PasswordChange.parse(base)).toEqual(base);
  });
  it.each([
    [{ currentPassword: '' }, PASSWORD_MESSAGES.currentRequired],
    [{ newPassword: '12345', confirmPassword: '12345' }, PASSWORD_MESSAGES.tooShort],
    [{ newPassword: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }, PASSWORD_MESSAGES.tooLong],
    [{ confirmPassword: 'Better#457' }, PASSWORD_MESSAGES.mismatch],
    [{ newPassword: 'Shopper@123', confirmPassword: 'Shopper@123' }, PASSWORD_MESSAGES.sameAsCurrent],
  ])('%j -> %s', (change, message) => {
    const result = PasswordChange.safeParse({ ...base, ...change });
    expect(result.error?.issues[0]?.message).toBe(message);
  });
  it('uses the spec texts', () => {
    expect(PASSWORD_MESSAGES.mismatch).toBe('Passwords do not match!');
    expect(PASSWORD_MESSAGES.failed).toBe('Failed to update password. Try again.');
    expect(PASSWORD_MESSAGES.error).toBe('Error updating password.');
    expect(PROFILE_MESSAGES.needsUser).toBe('Profile update needs user and email');
    expect(PROFILE_MESSAGES.saveFailed).toBe('Something went wrong while saving user data!');
  });
});
