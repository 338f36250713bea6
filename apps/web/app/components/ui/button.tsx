import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { type LinkProps } from 'react-router';
import { Link } from '../../i18n/link.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'buy' | 'link';

/** The kit's button classes (button.css): one look per variant, `small` and `block` as modifiers. */
export function buttonClass(variant: ButtonVariant = 'primary', small = false, block = false): string {
  const base = { primary: 'btn', secondary: 'btn-secondary', buy: 'btn btn-cod', link: 'btn-link' }[variant];
  return `${base}${small ? ' btn-small' : ''}${block ? ' btn-block' : ''}`;
}

type Look = { variant?: ButtonVariant; small?: boolean; block?: boolean };

/**
 * A button of the kit. `busy` disables it and says so to screen readers while its form is on its
 * way; a form with several buttons tells them apart with `name="intent"` and a `value`.
 */
export function Button({
  variant,
  small,
  block,
  busy = false,
  type = 'button',
  className,
  disabled,
  children,
  ...button
}: Look & { busy?: boolean; children: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const look = buttonClass(variant, small, block);
  return (
    <button
      type={type}
      className={className ? `${look} ${className}` : look}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...button}
    >
      {children}
    </button>
  );
}

/** A link that looks like one of the kit's buttons (Continue shopping, Write a review). */
export function ButtonLink({ variant, small, block, className, ...link }: Look & LinkProps) {
  const look = buttonClass(variant, small, block);
  return <Link className={className ? `${look} ${className}` : look} {...link} />;
}
