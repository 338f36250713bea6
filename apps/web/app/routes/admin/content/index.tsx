import { Link } from 'react-router';
import './content.css';

export function meta() {
  return [{ title: 'Storefront content · Console' }];
}

/** requirements#operator-content: the storefront's content areas staff edit. */
export const CONTENT_AREAS = [
  {
    to: '/admin/content/blocks',
    label: 'Page blocks',
    about: 'Rows of product, banner, video and content blocks on the home page and each category page.',
  },
  { to: '/admin/content/banners', label: 'Banners', about: 'The home page’s banner carousel.' },
  {
    to: '/admin/content/privilege-claim',
    label: 'Privilege claim',
    about: 'The text and video of the privilege-claim page.',
  },
] as const;

export default function ContentIndex() {
  return (
    <div>
      <h1>Storefront content</h1>
      <ul className="admin-content-areas">
        {CONTENT_AREAS.map((area) => (
          <li key={area.to}>
            <Link to={area.to}>{area.label}</Link>
            <p>{area.about}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
