import { SITE_NAME } from '../../lib/titles.ts';
import { useT } from '../../i18n/intl.tsx';

/** The "assured" badge (requirements#discount-badge: 145 px wide on the product page; smaller on cards). */
export function AssuredBadge({ width = 96 }: { width?: number }) {
  const t = useT();
  return (
    <span className="assured" style={{ width }} title={t('assured.title', { site: SITE_NAME })}>
      <svg viewBox="0 0 16 16" aria-hidden="true" width="14" height="14">
        <path d="M8 1l6 2.5v4c0 3.6-2.6 6.6-6 7.5-3.4-.9-6-3.9-6-7.5v-4z" fill="currentColor" />
        <path d="M5 8.2l2 2 4-4.2" stroke="#fff" strokeWidth="1.6" fill="none" />
      </svg>
      <span translate="no">{SITE_NAME} Assured</span>
    </span>
  );
}
