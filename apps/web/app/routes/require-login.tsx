import type { LoaderArgs } from '../lib/services.ts';
import { Outlet, redirect, useNavigation } from 'react-router';
import { splitLanguage } from '@marketplace/domain/i18n/languages';
import { pathIn } from '../components/account/signin-paths.ts';
import { Spinner } from '../components/ui/skeleton.tsx';
import { useT } from '../i18n/intl.tsx';

/**
 * requirements#access-rules: login-required pages send visitors to /login (then back where they
 * were going), in the page's language: /hi/myorder goes to /hi/login?redirectTo=%2Fhi%2Fmyorder.
 */
export async function loader({ request, url, context }: LoaderArgs) {
  const user = await context.services.currentUser(request);
  if (!user) {
    return redirect(pathIn(url, `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`));
  }
  return null;
}

export default function RequireLogin() {
  const navigation = useNavigation();
  const t = useT();
  // requirements#access-rules: a spinner shows while the login check runs
  if (navigation.state === 'loading' && splitLanguage(navigation.location.pathname).path === '/login') {
    return <Spinner label={t('signin.checkingLogin')} />;
  }
  return <Outlet />;
}
