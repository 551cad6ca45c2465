import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';

// The document's first page is already at the top; moving focus there after the first paint
// spares the forced layout that, before it, doubled the longest task of a cheap phone's first load.
let firstPageShown = false;

/**
 * A page's h1. A page opens at the top with the focus on its heading, as a new document would:
 * the browser keeps the previous page's scroll across client-side navigation, and a screen
 * reader user would otherwise stay on the link that left the previous page.
 */
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
