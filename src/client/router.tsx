import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from './components/layout';

// Admin screens load on demand, so they stay out of the first load of the student pages.
const LoginPage = lazy(() => import('./pages/login-page').then((module) => ({ default: module.LoginPage })));
const GeneratePage = lazy(() => import('./pages/generate-page').then((module) => ({ default: module.GeneratePage })));

export function AppRoutes() {
  return (
    <Layout>
      <Routes>
        <Route
          path="/login"
          element={
            <Suspense fallback={null}>
              <LoginPage />
            </Suspense>
          }
        />
        <Route
          path="/generate"
          element={
            <Suspense fallback={null}>
              <GeneratePage />
            </Suspense>
          }
        />
        <Route path="*" element={<h1 className="text-2xl font-bold">Pinjam Motor PPTI 21</h1>} />
      </Routes>
    </Layout>
  );
}
