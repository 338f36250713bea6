import type { ReactNode } from 'react';

/**
 * A white panel with an optional heading and actions on the heading's right (an address, an
 * order summary, a seller's listing). `as` keeps the landmark right: a section with a heading,
 * an article in a list, a plain div otherwise.
 */
export function Card({
  title,
  actions,
  as: Tag = title ? 'section' : 'div',
  headingLevel = 2,
  className,
  children,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  as?: 'section' | 'article' | 'div' | 'li';
  headingLevel?: 2 | 3;
  className?: string;
  children: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Tag className={className ? `ui-card ${className}` : 'ui-card'}>
      {(title || actions) && (
        <div className="ui-card-head">
          {title && <Heading className="ui-card-title">{title}</Heading>}
          {actions && <div className="ui-card-actions">{actions}</div>}
        </div>
      )}
      {children}
    </Tag>
  );
}
