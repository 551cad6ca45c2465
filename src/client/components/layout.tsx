import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { frameWidth } from './frame-width';
import { NavBar } from './nav-bar';

export function Layout({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  return (
    <>
      <NavBar />
      <main className={`mx-auto ${frameWidth(pathname)} px-4 pt-[calc(var(--bar-height,3.75rem)+2.25rem)] pb-12`}>{children}</main>
    </>
  );
}
