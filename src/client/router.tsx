import { Route, Routes } from 'react-router';
import { Layout } from './components/layout';

export function AppRoutes() {
  return (
    <Layout>
      <Routes>
        <Route path="*" element={<h1 className="text-2xl font-bold">Pinjam Motor PPTI 21</h1>} />
      </Routes>
    </Layout>
  );
}
