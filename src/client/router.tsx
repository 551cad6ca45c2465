import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { messages } from '../domain/messages';
import { Layout } from './components/layout';
import { AvailabilityPage } from './pages/availability-page';

// The landing page ships in the entry; every other page is a chunk of its own, fetched on first
// visit, so the admin screens stay out of the first load of the student pages.
const RulesPage = lazy(() => import('./pages/rules-page').then((module) => ({ default: module.RulesPage })));
const BorrowFormPage = lazy(() => import('./pages/borrow-form-page').then((module) => ({ default: module.BorrowFormPage })));
const LoginPage = lazy(() => import('./pages/login-page').then((module) => ({ default: module.LoginPage })));
const CancelPage = lazy(() => import('./pages/cancel-page').then((module) => ({ default: module.CancelPage })));
const GeneratePage = lazy(() => import('./pages/generate-page').then((module) => ({ default: module.GeneratePage })));

export function AppRoutes() {
  return (
    <Layout>
      <Suspense fallback={<p role="status">{messages.loading}</p>}>
        <Routes>
          <Route path="/" element={<AvailabilityPage />} />
          <Route path="/peraturan" element={<RulesPage />} />
          <Route path="/form" element={<BorrowFormPage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/generate" element={<GeneratePage />} />
          <Route path="/batal/:token" element={<CancelPage />} />
          <Route path="*" element={<h1 className="text-2xl font-bold">{messages.notFound}</h1>} />
        </Routes>
      </Suspense>
    </Layout>
  );
}
