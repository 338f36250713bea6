import { PickerChoices, type PickerChoice } from '@marketplace/domain/admin/pickers-api';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

/** What a picker holds: the chosen record's id and the name shown for it (both blank when none). */
export type Picked = { id: string; label: string };

/** A line of a picker's list: the console's records by numeric id, or codes (HSN) by text. */
type Choice = {
  id: number | string;
  label: string;
  detail?: string | null | undefined;
  image?: string | null | undefined;
};

const readPickerChoices = (body: unknown): PickerChoice[] => PickerChoices.parse(body).choices;

type PickerProps<C extends Choice> = {
  label: ReactNode;
  /** the id's field; the typed text posts as `{name}Text`, the chosen name as `{name}Label` */
  name: string;
  /** the address answering `?q=` with PickerChoices (an `/api/admin/pickers/...` search) */
  source: string;
  defaultValue?: Picked | undefined;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  wide?: boolean;
  placeholder?: string;
  /** a picker inside another picker's dialog: it posts nothing and hands its choice over */
  onChoose?: (choice: NoInfer<C>) => void;
  /** told of each choice made while the picker still posts its field (to show what it implies) */
  onPicked?: (choice: NoInfer<C> | null) => void;
  /** the search's answer as lines of the list, for a source that does not answer PickerChoices */
  readChoices?: (body: unknown, q: string) => C[];
  /** the most characters a search sends (the source refuses longer ones) */
  queryMax?: number;
  inputMode?: 'text' | 'numeric';
};

/**
 * requirements#console-pickers: a labelled combobox that searches as staff type and lists choices
 * by name; arrows move, Enter chooses, Escape closes. Before its scripts (or if the search fails)
 * it is a text field: the form posts the name or id typed, and the page's action resolves it.
 */
export function Picker<C extends Choice = PickerChoice>({
  label,
  name,
  source,
  defaultValue,
  error,
  hint,
  required,
  wide,
  placeholder,
  onChoose,
  onPicked,
  readChoices,
  queryMax = 100,
  inputMode,
}: PickerProps<C>) {
  const base = useId();
  const inputId = `${base}-input`;
  const listId = `${base}-list`;
  const hintId = hint && !error ? `${base}-hint` : null;
  const errorId = error ? `${base}-error` : null;
  const [text, setText] = useState(defaultValue?.label ?? '');
  const [picked, setPicked] = useState<Picked>(defaultValue ?? { id: '', label: '' });
  const [choices, setChoices] = useState<C[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      pending.current?.abort();
    },
    [],
  );

  function search(q: string) {
    if (timer.current) clearTimeout(timer.current);
    pending.current?.abort();
    if (q.trim() === '') {
      setChoices([]);
      setOpen(false);
      return;
    }
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      pending.current = controller;
      const separator = source.includes('?') ? '&' : '?';
      const sent = q.slice(0, queryMax);
      fetch(`${source}${separator}q=${encodeURIComponent(sent)}`, {
        signal: controller.signal,
        headers: { accept: 'application/json' },
      })
        .then(async (res) => {
          if (!res.ok) return [];
          const body: unknown = await res.json();
          return readChoices ? readChoices(body, sent) : (readPickerChoices(body) as C[]);
        })
        .then((found) => {
          setChoices(found);
          setActive(found.length > 0 ? 0 : -1);
          setOpen(true);
          setStatus(
            found.length === 0 ? 'No matches' : `${found.length} match${found.length === 1 ? '' : 'es'}`,
          );
        })
        // an aborted or failed search leaves the field as typed: the form's action resolves it
        .catch(() => undefined);
    }, 200);
  }

  function choose(choice: C) {
    const chosen = { id: String(choice.id), label: choice.label };
    setPicked(chosen);
    setText(choice.label);
    setOpen(false);
    setStatus(`${choice.label} chosen`);
    onChoose?.(choice);
    onPicked?.(choice);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        if (choices.length > 0) setOpen(true);
        else search(text);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((at) => (choices.length === 0 ? -1 : (at + step + choices.length) % choices.length));
    } else if (event.key === 'Enter' && open) {
      const choice = choices[active];
      if (choice) {
        event.preventDefault();
        choose(choice);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const expanded = open && choices.length > 0;
  return (
    <div className={`ui-field ui-picker${error ? ' has-error' : ''}${wide ? ' wide' : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      {!onChoose && (
        <>
          <input type="hidden" name={name} value={picked.label === text ? picked.id : ''} />
          <input type="hidden" name={`${name}Label`} value={picked.label === text ? picked.label : ''} />
        </>
      )}
      <input
        id={inputId}
        name={onChoose ? undefined : `${name}Text`}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        required={required}
        placeholder={placeholder}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        value={text}
        inputMode={inputMode}
        onChange={(event) => {
          setText(event.target.value);
          if (picked.label !== '' && event.target.value !== picked.label) onPicked?.(null);
          search(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul id={listId} role="listbox" className="ui-picker-list" hidden={!expanded} aria-label={`Choices`}>
        {choices.map((choice, index) => (
          <li
            key={choice.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'is-active' : undefined}
            // chosen before the field's blur closes the list
            onMouseDown={(event) => {
              event.preventDefault();
              choose(choice);
            }}
          >
            {choice.image && (
              <img className="ui-picker-image" src={choice.image} alt="" width={40} height={40} />
            )}
            <span className="ui-picker-label">{choice.label}</span>
            {choice.detail && <span className="ui-picker-detail">{choice.detail}</span>}
          </li>
        ))}
      </ul>
      <span className="sr-only" role="status" aria-live="polite">
        {status}
      </span>
      {hintId && (
        <small id={hintId} className="ui-field-hint">
          {hint}
        </small>
      )}
      {errorId && (
        <small id={errorId} className="ui-field-error">
          {error}
        </small>
      )}
    </div>
  );
}
