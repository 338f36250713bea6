import { type ReactNode, type RefObject, useId, useLayoutEffect, useRef } from 'react';

/**
 * The kit's modal dialog, on the browser's own `<dialog>`: opened with showModal(), so the page
 * behind is inert and Tab stays inside; Escape, the close button and a click on the backdrop
 * close it; focus goes to `initialFocus` (or the first control) on opening and back to what had
 * it before on closing. `variant` picks the frame: a centred box, a side sheet (the category
 * menu) or a wide viewer on a dark backdrop (product images).
 */
export function Dialog({
  open,
  onClose,
  title,
  label,
  variant = 'center',
  initialFocus,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** a visible heading in the dialog's head; without it, give `label` */
  title?: ReactNode;
  /** the accessible name when there is no visible title */
  label?: string;
  variant?: 'center' | 'side' | 'viewer';
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // the latest onClose without re-running the open effect when a parent passes a new function
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // a layout effect: the dialog opens and closes in the same frame as the click that asks it to,
  // as React ran it; the browser's renderer runs plain effects a frame later (ADR-0020)
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    const first =
      initialFocus?.current ??
      element.querySelector<HTMLElement>('[autofocus], input, select, textarea, button, a[href]');
    first?.focus();
    return () => {
      if (element.open) element.close();
      // back to the control that opened the dialog, if it is still on the page
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initialFocus]);

  const labelling = title ? { 'aria-labelledby': titleId } : { 'aria-label': label };
  return (
    <dialog
      ref={dialog}
      className={`ui-dialog ui-dialog-${variant}${className ? ` ${className}` : ''}`}
      {...labelling}
      // Escape: the browser fires cancel; keep the dialog's state in React's hands
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      // a click on the backdrop reaches the <dialog> itself, one inside reaches its body
      onClick={(event) => event.target === event.currentTarget && onCloseRef.current()}
    >
      <div className="ui-dialog-body">
        {title ? (
          <div className="ui-dialog-head">
            <h2 id={titleId}>{title}</h2>
            <DialogClose onClose={onClose} />
          </div>
        ) : null}
        {children}
      </div>
    </dialog>
  );
}

/** The × that closes a dialog; placed in the head by `title`, or by the content itself. */
export function DialogClose({ onClose, label = 'Close' }: { onClose: () => void; label?: string }) {
  return (
    <button type="button" className="ui-dialog-close" onClick={onClose} aria-label={label}>
      ×
    </button>
  );
}
