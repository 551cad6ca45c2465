import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes } from './router';
import './styles.css';

// zod compiles its parsers with `new Function` where it may, and finds out by trying: our
// Content-Security-Policy forbids it, and every page load logged the refusal as a policy
// violation. This is the object `z.config({ jitless: true })` writes to, set before zod loads
// (beside the first request), without bringing zod into the entry script.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
// Under React (the dev server) a transition renders in slices of a few milliseconds; the build
// runs on preact/compat, where it is a plain call and the first render, much shorter, is one task
// (docs/decisions/0030).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppRoutes />
    </StrictMode>,
  );
});
