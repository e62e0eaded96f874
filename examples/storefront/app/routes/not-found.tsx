import { notFound } from '../catalog.server.ts';
import { PageError } from '../components/not-found.tsx';

/** Any address no route has: a 404 with the header and cart still there. */
export function loader(): never {
  throw notFound('page');
}

export const ErrorBoundary = PageError;

export default function NotFound() {
  return null;
}
