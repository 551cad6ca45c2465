import { type ReactNode, useLayoutEffect, useRef } from 'react';

/**
 * A page's h1. A page opens at the top with the focus on its heading, as a new document would:
 * the browser keeps the previous page's scroll across client-side navigation, and a screen
 * reader user would otherwise stay on the link that left the previous page.
 */
export function PageHeading({ children, id }: { children: ReactNode; id?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h1 ref={heading} id={id} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
      {children}
    </h1>
  );
}
