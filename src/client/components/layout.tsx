import type { ReactNode } from 'react';
import { NavBar } from './nav-bar';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <NavBar />
      <main className="mx-auto max-w-5xl px-4 pt-24 pb-12">{children}</main>
    </>
  );
}
