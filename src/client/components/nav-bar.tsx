import { useEffect, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';

interface NavItem {
  label: string;
  to: string;
  /** Paths that belong to this link: /form is part of the borrowing flow that starts at /peraturan. */
  activeOn: string[];
}

const NAV_ITEMS: NavItem[] = [
  { label: 'Cek Ketersediaan', to: '/', activeOn: ['/'] },
  { label: 'Form Peminjaman', to: '/peraturan', activeOn: ['/peraturan', '/form'] },
  { label: 'Generate Voucher', to: '/login', activeOn: ['/login', '/generate'] },
];

/** The top bar on every page: fixed, and behind a menu button below 640 px. */
export function NavBar() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const links = NAV_ITEMS.map((item) => {
    const active = item.activeOn.includes(pathname);
    return (
      <li key={item.to}>
        <NavLink
          to={item.to}
          onClick={() => setOpen(false)}
          aria-current={active ? 'page' : undefined}
          className={`flex min-h-11 items-center rounded-md px-3 font-medium ${
            active ? 'bg-white text-blue-800' : 'text-white hover:bg-blue-600'
          }`}
        >
          {item.label}
        </NavLink>
      </li>
    );
  });

  return (
    <header className="fixed inset-x-0 top-0 z-40 bg-blue-700 shadow">
      <nav aria-label="Utama" className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-2">
        <NavLink to="/" className="flex min-h-11 items-center gap-2 font-bold text-white">
          <img src="/logo.svg" alt="" width="36" height="36" />
          <span>Pinjam Motor PPTI 21</span>
        </NavLink>
        <button
          type="button"
          className="min-h-11 min-w-11 rounded-md px-3 font-medium text-white hover:bg-blue-600 sm:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
        >
          Menu
        </button>
        <ul id={menuId} className={`${open ? 'flex' : 'hidden'} w-full flex-col gap-1 pb-2 sm:flex sm:w-auto sm:flex-row sm:pb-0`}>
          {links}
        </ul>
      </nav>
    </header>
  );
}
