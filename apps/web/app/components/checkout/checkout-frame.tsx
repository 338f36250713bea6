import type { ReactNode } from 'react';
import { Link } from '../../i18n/link.tsx';
import { type MessageKey, useT } from '../../i18n/intl.tsx';
import '../account/account.css';
import '../account/account-cards.css';
import './checkout.css';
import { Spinner } from '../ui/skeleton.tsx';

const STEPS = [
  { key: 'address', label: 'checkout.step.address', to: '/checkout' },
  { key: 'delivery', label: 'checkout.step.delivery', to: '/deliveryreview' },
  { key: 'review', label: 'checkout.step.review', to: '/deliveryfinalreview' },
] as const satisfies readonly { key: string; label: MessageKey; to: string }[];
export type CheckoutStep = (typeof STEPS)[number]['key'];

/** The frame of the checkout steps: where the shopper is, a back link, the heading, then the page. */
export function CheckoutFrame({
  step,
  title,
  back,
  children,
}: {
  step: CheckoutStep | null;
  title: string;
  back?: { to: string; label: string };
  children: ReactNode;
}) {
  const t = useT();
  const at = STEPS.findIndex((s) => s.key === step);
  return (
    <main id="main" tabIndex={-1} className="wrap checkout-page">
      {step && (
        <ol className="checkout-steps" aria-label={t('checkout.steps')}>
          {STEPS.map((s, index) => (
            <li
              key={s.key}
              className={index < at ? 'is-done' : index === at ? 'is-current' : ''}
              aria-current={index === at ? 'step' : undefined}
            >
              <span className="checkout-step-number" aria-hidden="true">
                {index < at ? '✓' : index + 1}
              </span>
              {index < at ? <Link to={s.to}>{t(s.label)}</Link> : <span>{t(s.label)}</span>}
            </li>
          ))}
        </ol>
      )}
      {back && (
        <Link to={back.to} className="checkout-back">
          <span aria-hidden="true">‹</span> {back.label}
        </Link>
      )}
      <h1 className="checkout-title">{title}</h1>
      {children}
    </main>
  );
}

/** Shown on the server and while a step's data loads; `label` says what loads, for screen readers. */
export function CheckoutLoading({ label }: { label: string }) {
  return (
    <main id="main" tabIndex={-1} className="wrap checkout-page">
      <Spinner label={label} />
    </main>
  );
}

/** requirements#success-messages: a success popup shows for 1.5 s before the next page. */
export function SuccessPopup({ text }: { text: string }) {
  return (
    <div className="checkout-popup-backdrop">
      <div className="checkout-popup" role="status" aria-live="polite">
        <span className="checkout-popup-tick" aria-hidden="true">
          ✓
        </span>
        <p>{text}</p>
      </div>
    </div>
  );
}
