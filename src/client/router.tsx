import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { cancelPagePath } from '../domain/booking/cancel-token';
import { clientRoutes } from '../domain/booking/client-routes';
import { messages } from '../domain/text/messages';
import { Layout } from './components/layout';
import { AvailabilityPage } from './pages/availability-page';
import { NotFoundPage } from './pages/not-found-page';

// Every page but the landing one is a chunk of its own, so the admin screens stay out of the students' first load.
const RulesPage = lazy(() => import('./pages/rules-page').then((module) => ({ default: module.RulesPage })));
const BorrowFormPage = lazy(() => import('./pages/borrow-form-page').then((module) => ({ default: module.BorrowFormPage })));
const LoginPage = lazy(() => import('./pages/login-page').then((module) => ({ default: module.LoginPage })));
const CancelPage = lazy(() => import('./pages/cancel-page').then((module) => ({ default: module.CancelPage })));
const GeneratePage = lazy(() => import('./pages/generate-page').then((module) => ({ default: module.GeneratePage })));
const AdminBookingsPage = lazy(() => import('./pages/admin-bookings-page').then((module) => ({ default: module.AdminBookingsPage })));
const AdminMembersPage = lazy(() => import('./pages/admin-members-page').then((module) => ({ default: module.AdminMembersPage })));
const AdminMotorPage = lazy(() => import('./pages/admin-motor-page').then((module) => ({ default: module.AdminMotorPage })));
const AdminFundPage = lazy(() => import('./pages/admin-fund-page').then((module) => ({ default: module.AdminFundPage })));
const AdminHistoryPage = lazy(() => import('./pages/admin-history-page').then((module) => ({ default: module.AdminHistoryPage })));

export function AppRoutes() {
  return (
    <Layout>
      <Suspense fallback={<p role="status">{messages.loading}</p>}>
        <Switch>
          <Route path={clientRoutes.availability} component={AvailabilityPage} />
          <Route path={clientRoutes.rules} component={RulesPage} />
          <Route path={clientRoutes.form} component={BorrowFormPage} />
          <Route path={clientRoutes.login} component={LoginPage} />
          <Route path={clientRoutes.generate} component={GeneratePage} />
          <Route path={clientRoutes.adminBookings} component={AdminBookingsPage} />
          <Route path={clientRoutes.adminMembers} component={AdminMembersPage} />
          <Route path={clientRoutes.adminHistory} component={AdminHistoryPage} />
          <Route path={clientRoutes.adminMotor} component={AdminMotorPage} />
          <Route path={clientRoutes.adminFund} component={AdminFundPage} />
          <Route path={clientRoutes.cancel} component={CancelPage} />
          {/* An old link's secret leaves the path before the page can send a request (0036). */}
          <Route path={clientRoutes.oldCancel}>{({ token }) => <Redirect to={cancelPagePath(token)} replace />}</Route>
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </Layout>
  );
}
