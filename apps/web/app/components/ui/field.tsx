import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

type FieldFrame = {
  label: ReactNode;
  /** the message under the control; marks it invalid and is read with it */
  error?: string | undefined;
  /** a rule or example under the control (hidden while an error shows) */
  hint?: ReactNode;
  /** spans both columns of a `.ui-form-grid` */
  wide?: boolean;
};

/** The ids and ARIA attributes that tie a control to its label, hint and error. */
function useFieldIds(error: string | undefined, hint: ReactNode, id: string | undefined) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint && !error ? `${controlId}-hint` : null;
  const errorId = error ? `${controlId}-error` : null;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ');
  return {
    controlId,
    hintId,
    errorId,
    aria: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
  };
}

function Frame({
  label,
  error,
  hint,
  wide,
  controlId,
  hintId,
  errorId,
  children,
}: FieldFrame & { controlId: string; hintId: string | null; errorId: string | null; children: ReactNode }) {
  return (
    <div className={`ui-field${error ? ' has-error' : ''}${wide ? ' wide' : ''}`}>
      <label htmlFor={controlId}>{label}</label>
      {children}
      {hintId && (
        <small id={hintId} className="ui-field-hint">
          {hint}
        </small>
      )}
      {errorId && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

/** A labelled input with its hint or error underneath, announced with it to screen readers. */
export function Field({
  label,
  error,
  hint,
  wide,
  id,
  ...input
}: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  const ids = useFieldIds(error, hint, id);
  return (
    <Frame label={label} error={error} hint={hint} wide={wide} {...ids}>
      <input id={ids.controlId} {...ids.aria} {...input} />
    </Frame>
  );
}

/** A labelled text area. */
export function TextAreaField({
  label,
  error,
  hint,
  wide,
  id,
  ...textarea
}: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const ids = useFieldIds(error, hint, id);
  return (
    <Frame label={label} error={error} hint={hint} wide={wide} {...ids}>
      <textarea id={ids.controlId} {...ids.aria} {...textarea} />
    </Frame>
  );
}

/** A labelled select; its options are the children. */
export function SelectField({
  label,
  error,
  hint,
  wide,
  id,
  children,
  ...select
}: FieldFrame & SelectHTMLAttributes<HTMLSelectElement>) {
  const ids = useFieldIds(error, hint, id);
  return (
    <Frame label={label} error={error} hint={hint} wide={wide} {...ids}>
      <select id={ids.controlId} {...ids.aria} {...select}>
        {children}
      </select>
    </Frame>
  );
}

/** One choice of a radio group, or a checkbox, with its label beside it. */
export function Choice({
  label,
  type = 'checkbox',
  ...input
}: { label: ReactNode; type?: 'checkbox' | 'radio' } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <label className="ui-choice">
      <input type={type} {...input} />
      <span>{label}</span>
    </label>
  );
}

/**
 * A group of radio buttons under a legend, the error read with the group. `options` are the
 * values and their labels; `value` (controlled) or `defaultValue` (a form posted without scripts).
 */
export function RadioGroup({
  legend,
  name,
  options,
  value,
  defaultValue,
  onChange,
  error,
  required,
  wide,
}: {
  legend: ReactNode;
  name: string;
  options: readonly { value: string; label: ReactNode }[];
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
  wide?: boolean;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className={`ui-field ui-radio-group${error ? ' has-error' : ''}${wide ? ' wide' : ''}`}
      aria-describedby={errorId}
    >
      <legend>{legend}</legend>
      <div className="ui-choices">
        {options.map((option) => (
          <Choice
            key={option.value}
            type="radio"
            name={name}
            value={option.value}
            label={option.label}
            required={required}
            {...(value === undefined
              ? { defaultChecked: defaultValue === option.value }
              : { checked: value === option.value })}
            {...(onChange ? { onChange: () => onChange(option.value) } : {})}
          />
        ))}
      </div>
      {errorId && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}

/**
 * A field's error message; on its own for controls the kit does not frame (a quantity stepper, a
 * photo picker). `alert` announces it when it is not tied to a control by aria-describedby.
 */
export function FieldError({
  id,
  alert = false,
  children,
}: {
  id?: string | undefined;
  alert?: boolean;
  children: ReactNode;
}) {
  return (
    <small id={id} className="ui-field-error" role={alert ? 'alert' : undefined}>
      {children}
    </small>
  );
}

/** A hint under a control the kit does not frame. */
export function FieldHint({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <small id={id} className="ui-field-hint">
      {children}
    </small>
  );
}
