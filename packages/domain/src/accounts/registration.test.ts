import { describe, expect, it } from 'vitest';
import { REGISTRATION_MESSAGES as M, RegistrationCodesInput, RegistrationInput } from './registration.ts';

const valid = {
  firstName: 'Meera',
  lastName: 'Nair',
  email: 'Meera.Nair@Example.com',
  mobile: '9812345670',
  gender: 'female',
  password: 'secret1!',
  confirmPassword: 'secret1!',
};

const firstMessage = (input: unknown, field: string) => {
  const result = RegistrationInput.safeParse(input);
  return result.success ? null : result.error.issues.find((issue) => issue.path[0] === field)?.message;
};

describe('RegistrationInput', () => {
  it('accepts a complete form and lower-cases the email', () => {
    expect(RegistrationInput.parse(valid)).toEqual({
      ...valid,
      email: 'meera.nair@example.com',
      // requirements#privacy-consent: both optional consents stay off unless ticked
      consents: { marketing: false, personalisation: false },
      noticeLanguage: 'en',
    });
  });

  it.each([
    ['firstName', '', M.firstNameRequired],
    ['firstName', '   ', M.firstNameRequired],
    ['firstName', undefined, M.firstNameRequired],
    ['firstName', 'x'.repeat(51), M.nameTooLong],
    // a NUL byte cannot be stored, and the API answered 500 for one
    ['firstName', 'Me\u0000era', M.nameInvalid],
    ['lastName', 'Na\u0007ir', M.nameInvalid],
    ['lastName', '', M.lastNameRequired],
    ['email', '', 'Please enter a valid email address.'],
    ['email', 'meera@', 'Please enter a valid email address.'],
    ['email', 'meera@example', 'Please enter a valid email address.'],
    ['email', 42, 'Please enter a valid email address.'],
    ['mobile', '', 'Please enter a valid 10-digit mobile number.'],
    ['mobile', '5812345670', 'Please enter a valid 10-digit mobile number.'],
    ['mobile', '981234567', 'Please enter a valid 10-digit mobile number.'],
    ['mobile', '98123456701', 'Please enter a valid 10-digit mobile number.'],
    ['gender', '', M.gender],
    ['gender', 'unknown', M.gender],
    ['password', '12345', 'Password must be at least 8 characters long.'],
    ['password', 'secret1', 'Password must be at least 8 characters long.'],
    ['password', 'x'.repeat(129), M.passwordTooLong],
    ['confirmPassword', '', M.confirmRequired],
  ])('%s = %j -> %s', (field, value, message) => {
    expect(firstMessage({ ...valid, [field]: value }, field)).toBe(message);
  });

  it.each(['male', 'female', 'others'])('accepts gender %s', (gender) => {
    expect(RegistrationInput.safeParse({ ...valid, gender }).success).toBe(true);
  });

  it('says the passwords do not match even while other fields are wrong', () => {
    expect(
      firstMessage({ password: 'secret1', confirmPassword: 'secret2', gender: 'x' }, 'confirmPassword'),
    ).toBe('Passwords do not match!');
  });

  it('says the passwords do not match on the confirmation field', () => {
    expect(firstMessage({ ...valid, confirmPassword: 'secret2' }, 'confirmPassword')).toBe(
      'Passwords do not match!',
    );
  });
});

describe('RegistrationCodesInput', () => {
  it.each([
    [{ emailCode: '123456', mobileCode: '654321' }, null],
    [{ emailCode: '', mobileCode: '654321' }, M.emailCodeRequired],
    [{ emailCode: '123456', mobileCode: '' }, M.mobileCodeRequired],
    [{ emailCode: '1234567', mobileCode: '654321' }, M.codeTooLong], // requirements#one-time-codes: at most 6 characters
    [{ mobileCode: '654321' }, M.emailCodeRequired],
  ])('%j -> %s', (input, message) => {
    const result = RegistrationCodesInput.safeParse(input);
    expect(result.success ? null : result.error.issues[0]?.message).toBe(message);
  });
});
