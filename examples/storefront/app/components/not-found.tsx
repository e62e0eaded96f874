import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** A page's error boundary: "not found" for a 404 (the response's status is 404 too), else a plain error. */
export function PageError() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  const title = missing ? 'Page not found' : 'Something went wrong';
  return (
    <div className="page">
      <title>{title}</title>
      <h1>{title}</h1>
      <p>{missing ? 'There is nothing at this address.' : 'This page could not be shown. Try again.'}</p>
      <p>
        <Link to="/">Back to the shop</Link> or <Link to="/search">search the catalog</Link>.
      </p>
    </div>
  );
}
