import type { ReactNode } from 'react';
import { adminMessages } from '../../../domain/admin-messages';
import { adminStyles } from './styles';

// Focusable and named, so keyboard users can scroll it too (axe: scrollable-region-focusable).
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

export function TableHeadWithActions({ labels }: { labels: string[] }) {
  return (
    <thead className="bg-slate-100">
      <tr>
        {labels.map((label) => (
          <th key={label} scope="col" className={adminStyles.th}>
            {label}
          </th>
        ))}
        <th scope="col" className={adminStyles.th}>
          <span className="sr-only">{adminMessages.actionsColumn}</span>
        </th>
      </tr>
    </thead>
  );
}
