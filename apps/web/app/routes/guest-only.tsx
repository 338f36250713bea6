import type { LoaderArgs } from '../lib/services.ts';
import { Outlet, redirect } from 'react-router';

/** requirements#access-rules: a logged-in visitor who opens login is redirected to home. */
export async function loader({ request, context }: LoaderArgs) {
  const user = await context.services.currentUser(request);
  if (user) return redirect('/');
  return null;
}

export default function GuestOnly() {
  return <Outlet />;
}
