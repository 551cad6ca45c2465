import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';

// The first page is already at the top; focusing after the first paint spares a forced layout on a cheap phone's first load.
let firstPageShown = false;

// At the top, focus on the h1, as a new document: client-side navigation keeps the old scroll, and a screen reader the old link.
export function PageHeading({ children, id }: { children: ReactNode; id?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const isFirstPage = useRef(!firstPageShown);
  useLayoutEffect(() => {
    if (isFirstPage.current) return;
    window.scrollTo(0, 0);
    heading.current?.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    firstPageShown = true;
    if (isFirstPage.current) heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h1 ref={heading} id={id} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
      {children}
    </h1>
  );
}
