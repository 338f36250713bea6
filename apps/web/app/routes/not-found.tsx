import { data } from 'react-router';
import { NotFound } from '../components/not-found.tsx';

// Unknown paths and /pagenotfound answer HTTP 404 when rendered on the server.
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundPage() {
  return <NotFound />;
}
