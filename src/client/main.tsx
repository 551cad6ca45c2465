import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes } from './router';
import './styles.css';

// What `z.config({ jitless: true })` sets, without zod in the entry: its `new Function` probe tripped our CSP on each load.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
// Slices the first render under React (dev server); a plain call on preact/compat, the build (docs/decisions/0030).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppRoutes />
    </StrictMode>,
  );
  document.getElementById('shell')?.remove();
});
