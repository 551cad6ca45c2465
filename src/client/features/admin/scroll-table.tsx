import type { ReactNode } from 'react';

/**
 * A table wider than a phone scrolls sideways in a region of its own; the region takes keyboard
 * focus and has a name, so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-lg bg-white shadow focus-visible:outline-2 focus-visible:outline-blue-700"
    >
      <table className="w-full text-left text-sm">{children}</table>
    </section>
  );
}
