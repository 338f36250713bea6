// React Router's Link and NavLink, keeping the page's language in the paths they lead to
// (requirements#languages).
import { forwardRef } from 'react';
import {
  Link as RouterLink,
  type LinkProps,
  NavLink as RouterNavLink,
  type NavLinkProps,
} from 'react-router';
import { useLocalPath } from './intl.tsx';

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, ...rest }, ref) {
  const local = useLocalPath();
  return <RouterLink ref={ref} to={typeof to === 'string' ? local(to) : to} {...rest} />;
});

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ to, ...rest }, ref) {
  const local = useLocalPath();
  return <RouterNavLink ref={ref} to={typeof to === 'string' ? local(to) : to} {...rest} />;
});
