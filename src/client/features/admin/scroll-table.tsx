import type { ReactNode } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { adminStyles } from './styles';

// Focusable and named, so keyboard users can scroll it too (axe: scrollable-region-focusable).
// Below 640 px the rows read as cards (styles.css: .card-table), each cell labelled by its data-label (Cell).
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-blue-700 sm:bg-white sm:shadow"
    >
      <table className="card-table w-full text-left text-sm">{children}</table>
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

/** A cell that names its column where a phone hides the header row (styles.css: .card-table). */
export function Cell({ label, className = '', children }: { label?: string; className?: string; children?: ReactNode }) {
  return (
    <td data-label={label} className={`${adminStyles.td} ${className}`}>
      {children}
    </td>
  );
}
