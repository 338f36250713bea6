import {
  GENDER_OPTIONS,
  REGISTRATION_MESSAGES as M,
  RegistrationInput,
} from '@marketplace/domain/accounts/registration';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { AuthCard, Field, FormAlert, SubmitButton } from '../../components/account/form-parts.tsx';
import { callApi, fieldErrors } from '../../lib/account-api.ts';

const Started = z.object({ success: z.literal(true), registrationId: z.string() });
const EMPTY = {
  firstName: '',
  lastName: '',
  email: '',
  mobile: '',
  gender: '',
  password: '',
  confirmPassword: '',
};

/** /registration: every field required (spec §5); codes go to the email and the mobile next. */
export default function RegistrationPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((value) => ({ ...value, [name]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    const parsed = RegistrationInput.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    const result = await callApi('POST', '/api/registrations', Started, parsed.data);
    setBusy(false);
    if (result.ok)
      return navigate(`/verifyotp?registration=${encodeURIComponent(result.data.registrationId)}`);
    if (result.kind === 'unreachable') return setAlert(M.failed);
    setErrors(result.fields);
    setAlert(result.message);
  }

  return (
    <AuthCard
      title="Create Account"
      below={
        <p>
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      }
    >
      {alert && <FormAlert tone="error">{alert}</FormAlert>}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <div className="auth-row">
          <Field
            label="First name"
            name="firstName"
            autoComplete="given-name"
            value={form.firstName}
            onChange={set('firstName')}
            error={errors.firstName}
          />
          <Field
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            value={form.lastName}
            onChange={set('lastName')}
            error={errors.lastName}
          />
        </div>
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          error={errors.email}
        />
        <Field
          label="Mobile number"
          name="mobile"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          value={form.mobile}
          onChange={set('mobile')}
          error={errors.mobile}
        />
        <fieldset className="auth-fieldset" aria-describedby={errors.gender ? 'gender-error' : undefined}>
          <legend>Gender</legend>
          <div className="auth-radios">
            {GENDER_OPTIONS.map((option) => (
              <label key={option.value}>
                <input
                  type="radio"
                  name="gender"
                  value={option.value}
                  checked={form.gender === option.value}
                  onChange={set('gender')}
                />
                {option.label}
              </label>
            ))}
          </div>
          {errors.gender && (
            <p id="gender-error" className="field-error">
              {errors.gender}
            </p>
          )}
        </fieldset>
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          error={errors.password}
          hint="At least 6 characters."
        />
        <Field
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <SubmitButton busy={busy}>{busy ? 'Sending OTPs…' : 'Verify email and mobile'}</SubmitButton>
      </form>
      <p className="auth-note">
        We will send one OTP to your email and another to your mobile to verify them.
      </p>
    </AuthCard>
  );
}
