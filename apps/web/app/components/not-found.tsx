import { Link } from 'react-router';

export const NOT_FOUND_TITLE = 'Oops! Page Not Found';

export function NotFound() {
  return (
    <main id="main" tabIndex={-1} className="wrap notice">
      <h1>{NOT_FOUND_TITLE}</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link className="btn" to="/">
        Go to Home
      </Link>
    </main>
  );
}
