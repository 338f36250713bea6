import { Link } from '../i18n/link.tsx';
import { SITE_NAME } from '../lib/titles.ts';

/** What the logo shows: the shop's name and its domain. */
export const LOGO_TEXT = `${SITE_NAME}.in`;

/**
 * The shop's logo, linking home. Its name starts with the words it shows, so a speech user who says
 * "click Bazaar.in" reaches it (WCAG 2.5.3, label in name).
 */
export function SiteLogo({ className }: { className: string }) {
  return (
    <Link to="/" className={className} aria-label={`${LOGO_TEXT} home`}>
      {SITE_NAME}
      <span>.in</span>
    </Link>
  );
}
