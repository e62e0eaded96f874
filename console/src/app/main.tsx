import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Layout } from './layout.tsx';
import './styles.css';

// Each view is its own chunk: the first screen loads only the frame.
const OperationPage = lazy(() => import('../features/operation/operation-page.tsx'));
const SandboxView = lazy(() => import('../features/sandbox/sandbox-view.tsx'));
const History = lazy(() => import('../features/history/history.tsx'));
const Flows = lazy(() => import('../features/flows/flows.tsx'));
const Callback = lazy(() => import('../features/auth/callback.tsx'));
const Home = lazy(() => import('./home.tsx'));

const page = (el: React.ReactNode) => <Suspense fallback={<p role="status">Loading…</p>}>{el}</Suspense>;

const router = createBrowserRouter([
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: page(<Home />) },
      { path: 'op/:opId', element: page(<OperationPage />) },
      { path: 'sandbox', element: page(<SandboxView />) },
      { path: 'history', element: page(<History />) },
      { path: 'flows', element: page(<Flows />) },
      { path: 'callback', element: page(<Callback />) },
    ],
  },
]);

const root = createRoot(document.getElementById('root')!);
// The static build carries its own sandbox (msw's service worker); the served build talks to `npm start`'s.
if (import.meta.env.MODE === 'static') {
  try {
    const { startBrowserSandbox } = await import('../features/sandbox/browser-sandbox.ts');
    await startBrowserSandbox();
  } catch (err) {
    root.render(<p role="alert">The in-browser sandbox did not start: {(err as Error).message}</p>);
    throw err;
  }
}
root.render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
