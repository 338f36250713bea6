import { type ReactNode, useEffect, useState } from 'react';

export type AlertTone = 'error' | 'success' | 'info' | 'warning';

/**
 * A message for a whole form or page: an error is announced at once (role alert), the others
 * politely (role status). `title` is a bold first line.
 */
export function Alert({
  tone,
  title,
  children,
  className,
}: {
  tone: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={`ui-alert ui-alert-${tone}${className ? ` ${className}` : ''}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {title && <p className="ui-alert-title">{title}</p>}
      {children && <div className="ui-alert-text">{children}</div>}
    </div>
  );
}

/**
 * A short confirmation that floats at the foot of the screen and leaves by itself ('Added to
 * Cart', 'Address saved'). Rendered on the server too, so a form posted without scripts shows it;
 * it stays until `onDone` clears it or the page changes.
 */
export function Toast({
  children,
  tone = 'success',
  ms = 4000,
  onDone,
}: {
  children: ReactNode;
  tone?: 'success' | 'error' | 'info';
  ms?: number;
  onDone?: () => void;
}) {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => {
      setShown(false);
      onDone?.();
    }, ms);
    return () => clearTimeout(timer);
  }, [ms, onDone]);
  if (!shown) return null;
  return (
    <div className={`ui-toast ui-toast-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
