import { useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { messages } from '../../domain/text/messages';
import { frameWidth } from './frame-width';
import { useBarHeight } from './use-bar-height';
import { useMenuDismiss } from './use-menu-dismiss';

interface NavItem {
  label: string;
  to: string;
  activeOn: string[];
}

const NAV_ITEMS: NavItem[] = [
  { label: messages.navAvailability, to: '/', activeOn: ['/'] },
  { label: messages.navBorrowForm, to: '/peraturan', activeOn: ['/peraturan', '/form'] },
  { label: messages.navVoucher, to: '/login', activeOn: ['/login', '/generate'] },
];

function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function NavBar() {
  const [pathname] = useLocation();
  // The menu stays open only on the page where it was opened: any navigation closes it.
  const [openOn, setOpenOn] = useState<string | undefined>();
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : undefined);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuList = useRef<HTMLUListElement>(null);
  const bar = useRef<HTMLElement>(null);
  const current = withoutTrailingSlash(pathname);

  const tall = useBarHeight(bar, open);
  useMenuDismiss(open, setOpenOn, bar, menuList, menuButton);

  return (
    <header ref={bar} className={`${tall ? 'absolute' : 'fixed'} inset-x-0 top-0 z-40 bg-brand shadow`}>
      <nav
        aria-label={messages.mainNavigation}
        className={`mx-auto flex ${frameWidth(pathname)} flex-wrap items-center justify-between gap-x-2 px-4 py-2`}
      >
        <Link to="/" className="flex min-h-11 items-center gap-2 rounded-md font-bold text-white">
          <img src="/logo.svg" alt="" width="36" height="36" />
          {/* Between 640 and 768 px the three links need the room; the name stays for screen readers. */}
          <span className="sm:max-md:sr-only">{messages.appName}</span>
        </Link>
        <button
          ref={menuButton}
          type="button"
          className="inline-flex min-h-11 min-w-11 items-center gap-2 rounded-md px-3 font-medium text-white hover:bg-blue-600 sm:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen(!open)}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" fill="currentColor">
            <path
              d={
                open
                  ? 'M5.4 4 4 5.4 8.6 10 4 14.6 5.4 16l4.6-4.6 4.6 4.6 1.4-1.4-4.6-4.6L16 5.4 14.6 4 10 8.6z'
                  : 'M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z'
              }
            />
          </svg>
          {open ? messages.closeMenu : messages.menu}
        </button>
        <ul
          ref={menuList}
          id={menuId}
          className={`${open ? 'flex' : 'hidden'} w-full flex-col gap-1 py-2 sm:flex sm:w-auto sm:flex-row sm:py-0`}
        >
          {NAV_ITEMS.map((item) => {
            const active = item.activeOn.includes(current);
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={() => setOpen(false)}
                  aria-current={active ? 'page' : undefined}
                  className={`flex min-h-11 items-center rounded-md px-3 font-medium ${
                    active ? 'bg-white text-blue-800' : 'text-white hover:bg-blue-600'
                  }`}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}
