import { Link } from '../i18n/link.tsx';
import { useT } from '../i18n/intl.tsx';

export const NOT_FOUND_TITLE = 'Oops! Page Not Found';

export function NotFound() {
  const t = useT();
  return (
    <main id="main" tabIndex={-1} className="wrap notice">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link className="btn" to="/">
        {t('common.goHome')}
      </Link>
    </main>
  );
}
