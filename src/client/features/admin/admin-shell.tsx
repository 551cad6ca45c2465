import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { clientRoutes } from '../../../domain/booking/client-routes';
import type { Admin } from '../../../domain/schemas/admin';
import { messages } from '../../../domain/text/messages';
import { buttonStyles } from '../../components/button-styles';
import { PageHeading } from '../../components/page-heading';
import { storeLastAdminTab } from './admin-storage';
import { logoutAdmin } from './api';
import { useAdminAccess } from './use-admin-access';

const TABS = [
  { to: clientRoutes.adminBookings, label: adminMessages.adminTabs.bookings },
  { to: clientRoutes.adminMembers, label: adminMessages.adminTabs.members },
  { to: clientRoutes.generate, label: adminMessages.adminTabs.vouchers },
  { to: clientRoutes.adminHistory, label: adminMessages.adminTabs.history },
  { to: clientRoutes.adminMotor, label: adminMessages.adminTabs.motor },
  { to: clientRoutes.adminFund, label: adminMessages.adminTabs.fund },
] as const;

const tabClass = (isActive: boolean) =>
  `inline-flex min-h-11 items-center rounded-md px-3 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${
    isActive ? 'bg-blue-700 text-white' : 'text-slate-800 hover:bg-slate-200'
  }`;

export interface AdminPageProps {
  admin: Admin;
  /** APP_TIMEZONE, from the session's answer. */
  timeZone: string;
  signOut: () => void;
}

export function AdminShell({ title, children }: { title: string; children: (props: AdminPageProps) => ReactNode }) {
  const { access, retry, signOut } = useAdminAccess();
  const [pathname] = useLocation();
  const [logoutFailed, setLogoutFailed] = useState(false);
  useEffect(() => {
    if (access.state === 'allowed' && TABS.some((tab) => tab.to === pathname)) storeLastAdminTab(pathname);
  }, [access.state, pathname]);

  async function logout() {
    setLogoutFailed(false);
    const result = await logoutAdmin();
    // 401: the session had already ended, which is what logging out wants.
    if (result.ok || result.status === 401) signOut();
    else setLogoutFailed(true);
  }

  if (access.state === 'checking') return <p role="status">{messages.checkingAccess}</p>;
  if (access.state === 'failed') {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert">{messages.accessCheckFailed}</p>
        <button type="button" onClick={retry} className={buttonStyles.primary}>
          {messages.retry}
        </button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <nav aria-label={adminMessages.adminTabs.label} className="flex flex-wrap items-center gap-2 border-b border-slate-300 pb-3">
          <ul className="flex flex-wrap gap-1">
            {TABS.map((tab) => (
              <li key={tab.to}>
                <Link to={tab.to} className={tabClass(pathname === tab.to)} aria-current={pathname === tab.to ? 'page' : undefined}>
                  {tab.label}
                </Link>
              </li>
            ))}
          </ul>
          <button type="button" onClick={logout} className={`${buttonStyles.secondary} ml-auto`}>
            {adminMessages.adminTabs.logout}
          </button>
        </nav>
        {logoutFailed && <p role="alert">{messages.logoutFailed}</p>}
        <div>
          <PageHeading>{title}</PageHeading>
          <p className="text-slate-700">{adminMessages.signedInAs(access.admin.name)}</p>
        </div>
      </div>
      {children({ admin: access.admin, timeZone: access.timeZone, signOut })}
    </div>
  );
}
