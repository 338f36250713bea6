import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { EditorCommand, EditorMarks, RichTextEngine } from './rich-text-editor.client.ts';
import { FieldError } from './field.tsx';
import './rich-text-editor.css';

const NO_MARKS: EditorMarks = {
  bold: false,
  italic: false,
  heading2: false,
  heading3: false,
  bulletList: false,
  orderedList: false,
  link: null,
};

const TOOLS: { command: EditorCommand; label: string; text: ReactNode; mark?: keyof EditorMarks }[] = [
  { command: 'bold', label: 'Bold', text: <b>B</b>, mark: 'bold' },
  { command: 'italic', label: 'Italic', text: <i>I</i>, mark: 'italic' },
  { command: 'heading2', label: 'Heading', text: 'H2', mark: 'heading2' },
  { command: 'heading3', label: 'Subheading', text: 'H3', mark: 'heading3' },
  { command: 'bulletList', label: 'Bulleted list', text: '• List', mark: 'bulletList' },
  { command: 'orderedList', label: 'Numbered list', text: '1. List', mark: 'orderedList' },
  { command: 'undo', label: 'Undo', text: '↶' },
  { command: 'redo', label: 'Redo', text: '↷' },
];

/**
 * requirements#operator-content: a rich-text field. The server's HTML (and a browser without
 * scripts) has a plain textarea of HTML; once the page has hydrated the editor loads, takes the
 * textarea's place and writes its HTML back into it, so the form posts the same field either way.
 * The server cleans what arrives to the pages' allow-list.
 */
export function RichTextField({
  label,
  name,
  defaultValue,
  error,
  hint,
}: {
  label: string;
  name: string;
  defaultValue: string;
  error?: string | undefined;
  hint?: ReactNode;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const field = useRef<HTMLTextAreaElement>(null);
  const mount = useRef<HTMLDivElement>(null);
  const engine = useRef<RichTextEngine | null>(null);
  const [isRich, setIsRich] = useState(false);
  const [marks, setMarks] = useState<EditorMarks>(NO_MARKS);
  const [linkDraft, setLinkDraft] = useState<string | null>(null);

  useEffect(() => {
    let isGone = false;
    import('./rich-text-editor.client.ts')
      .then(({ createRichTextEngine }) => {
        if (isGone || !field.current || !mount.current) return;
        engine.current = createRichTextEngine({
          mount: mount.current,
          field: field.current,
          labelledBy: labelId,
          describedBy,
          onMarks: setMarks,
        });
        setIsRich(true);
      })
      .catch(() => {
        // the editor could not load: the textarea stays, and the form works as it does without scripts
      });
    return () => {
      isGone = true;
      engine.current?.destroy();
      engine.current = null;
    };
    // the editor is made once for the field (a new page is a new field), with the ids it had then
  }, []);

  const applyLink = () => {
    engine.current?.setLink((linkDraft ?? '').trim());
    setLinkDraft(null);
  };

  return (
    <div className={`ui-field ui-rte${error ? ' has-error' : ''}${isRich ? ' is-rich' : ''}`}>
      <label id={labelId} htmlFor={`${id}-html`}>
        {label}
      </label>
      {isRich && (
        <div className="ui-rte-toolbar" role="toolbar" aria-label={`${label}: formatting`}>
          {TOOLS.map((tool) => (
            <button
              key={tool.command}
              type="button"
              className="ui-rte-tool"
              aria-label={tool.label}
              title={tool.label}
              aria-pressed={tool.mark ? Boolean(marks[tool.mark]) : undefined}
              // a press keeps the text's focus and selection: the editor takes focus back only on
              // the next frame, and what is typed before it would go to the button
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => engine.current?.run(tool.command)}
            >
              {tool.text}
            </button>
          ))}
          <button
            type="button"
            className="ui-rte-tool"
            aria-label="Link"
            title="Link"
            aria-pressed={marks.link !== null}
            aria-expanded={linkDraft !== null}
            onClick={() => setLinkDraft(linkDraft === null ? (marks.link ?? '') : null)}
          >
            Link
          </button>
          {linkDraft !== null && (
            <span className="ui-rte-link">
              <input
                type="text"
                inputMode="url"
                aria-label="Link address"
                placeholder="https://… or /policy/…"
                value={linkDraft}
                onChange={(event) => setLinkDraft(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    applyLink();
                  }
                  if (event.key === 'Escape') setLinkDraft(null);
                }}
              />
              <button type="button" className="ui-rte-tool" onClick={applyLink}>
                Apply link
              </button>
              {marks.link !== null && (
                <button
                  type="button"
                  className="ui-rte-tool"
                  onClick={() => {
                    engine.current?.setLink('');
                    setLinkDraft(null);
                  }}
                >
                  Remove link
                </button>
              )}
            </span>
          )}
        </div>
      )}
      <div ref={mount} className="ui-rte-mount" hidden={!isRich} />
      <textarea
        ref={field}
        id={`${id}-html`}
        name={name}
        defaultValue={defaultValue}
        rows={16}
        spellCheck
        hidden={isRich}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="ui-rte-html"
      />
      {hintId && (
        <small id={hintId} className="ui-field-hint">
          {hint}
        </small>
      )}
      {errorId && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
