import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { clientRoutes } from '../domain/client-routes';
import { messages } from '../domain/messages';
import { Layout } from './components/layout';
import { AvailabilityPage } from './pages/availability-page';
import { NotFoundPage } from './pages/not-found-page';

// The landing page ships in the entry; every other page is a chunk of its own, fetched on first
// visit, so the admin screens stay out of the first load of the student pages.
const RulesPage = lazy(() => import('./pages/rules-page').then((module) => ({ default: module.RulesPage })));
const BorrowFormPage = lazy(() => import('./pages/borrow-form-page').then((module) => ({ default: module.BorrowFormPage })));
const LoginPage = lazy(() => import('./pages/login-page').then((module) => ({ default: module.LoginPage })));
const CancelPage = lazy(() => import('./pages/cancel-page').then((module) => ({ default: module.CancelPage })));
const GeneratePage = lazy(() => import('./pages/generate-page').then((module) => ({ default: module.GeneratePage })));
const AdminBookingsPage = lazy(() => import('./pages/admin-bookings-page').then((module) => ({ default: module.AdminBookingsPage })));
const AdminMembersPage = lazy(() => import('./pages/admin-members-page').then((module) => ({ default: module.AdminMembersPage })));
const AdminHistoryPage = lazy(() => import('./pages/admin-history-page').then((module) => ({ default: module.AdminHistoryPage })));

export function AppRoutes() {
  return (
    <Layout>
      <Suspense fallback={<p role="status">{messages.loading}</p>}>
        <Routes>
          <Route path={clientRoutes.availability} element={<AvailabilityPage />} />
          <Route path={clientRoutes.rules} element={<RulesPage />} />
          <Route path={clientRoutes.form} element={<BorrowFormPage />} />
          <Route path={clientRoutes.login} element={<LoginPage />} />
          <Route path={clientRoutes.generate} element={<GeneratePage />} />
          <Route path={clientRoutes.adminBookings} element={<AdminBookingsPage />} />
          <Route path={clientRoutes.adminMembers} element={<AdminMembersPage />} />
          <Route path={clientRoutes.adminHistory} element={<AdminHistoryPage />} />
          <Route path={clientRoutes.cancel} element={<CancelPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </Layout>
  );
}
