import type { LoaderArgs } from '../lib/services.ts';
import { Outlet, redirect, useNavigation } from 'react-router';
import { Spinner } from '../components/ui/skeleton.tsx';
import { useT } from '../i18n/intl.tsx';

/** requirements#access-rules: login-required pages send visitors to /login (then back where they were going). */
export async function loader({ request, url, context }: LoaderArgs) {
  const user = await context.services.currentUser(request);
  if (!user) {
    return redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return null;
}

export default function RequireLogin() {
  const navigation = useNavigation();
  const t = useT();
  // requirements#access-rules: a spinner shows while the login check runs
  if (navigation.state === 'loading' && navigation.location.pathname === '/login') {
    return <Spinner label={t('signin.checkingLogin')} />;
  }
  return <Outlet />;
}
