import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import './auth.css';

/** The centred card the sign-in pages share, with the shop's name above it. */
export function AuthCard({
  title,
  children,
  below,
}: {
  title: string;
  children: ReactNode;
  below?: ReactNode;
}) {
  return (
    <main className="auth-page">
      <Link to="/" className="auth-brand" aria-label="Bazaar home">
        bazaar<span>.in</span>
      </Link>
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        {children}
      </section>
      {below && <div className="auth-below">{below}</div>}
    </main>
  );
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
};

/** A labelled input with its message underneath, announced to screen readers. */
export function Field({ label, name, error, hint, ...input }: FieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        {...input}
      />
      {hint && !error && <p className="auth-hint">{hint}</p>}
      {error && (
        <p id={messageId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A message for the whole form: an error or a confirmation. */
export function FormAlert({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <p className={`form-alert ${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

/** The form's main button; `intent` names the step a form with several buttons is asked to take. */
export function SubmitButton({
  busy,
  intent,
  children,
}: {
  busy: boolean;
  intent?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className="auth-submit"
      disabled={busy}
      aria-busy={busy}
      {...(intent === undefined ? {} : { name: 'intent', value: intent })}
    >
      {children}
    </button>
  );
}

/** A small button that looks like a link (Resend OTP, Change) and posts its form with an intent. */
export function LinkSubmit({
  busy,
  intent,
  children,
}: {
  busy: boolean;
  intent: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" name="intent" value={intent} className="auth-link-button" disabled={busy}>
      {children}
    </button>
  );
}
