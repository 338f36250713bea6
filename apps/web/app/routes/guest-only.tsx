import type { LoaderArgs } from '../lib/services.ts';
import { Outlet, redirect } from 'react-router';
import { pathIn } from '../components/account/signin-paths.ts';

/** requirements#access-rules: a logged-in visitor who opens login is redirected to home (in the page's language). */
export async function loader({ request, url, context }: LoaderArgs) {
  const user = await context.services.currentUser(request);
  if (user) return redirect(pathIn(url, '/'));
  return null;
}

export default function GuestOnly() {
  return <Outlet />;
}
