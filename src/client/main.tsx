import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router';
import './styles.css';

// zod compiles its parsers with `new Function` where it may, and finds out by trying: our
// Content-Security-Policy forbids it, and every page load logged the refusal as a policy
// violation. This is the object `z.config({ jitless: true })` writes to, set before zod loads
// (beside the first request), without bringing zod into the entry script.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>,
);
