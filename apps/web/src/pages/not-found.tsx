import { Document } from '../document.tsx';

export const NOT_FOUND_TITLE = 'Oops! Page Not Found';

export function NotFoundPage() {
  return (
    <Document title="Page Not Found">
      <main className="wrap nf">
        <h1>{NOT_FOUND_TITLE}</h1>
        <p>The page you are looking for does not exist or has moved.</p>
        <a className="btn" href="/">
          Go to Home
        </a>
      </main>
    </Document>
  );
}
