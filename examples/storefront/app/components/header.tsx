import { Form, Link } from 'react-router';
import { CartCount, useCartDrawer, useHydrated } from './cart-drawer.tsx';
import { fetchCartCode } from './cart-loader.ts';

export function Header({ member, count }: { member: boolean; count: number }) {
  const drawer = useCartDrawer();
  const hydrated = useHydrated();
  return (
    <header className="site-header">
      <Link to="/" className="brand">
        Sandbox Store
      </Link>
      <Form method="get" action="/search" role="search" className="search">
        <label htmlFor="site-search" className="visually-hidden">
          Search products
        </label>
        <input id="site-search" type="search" name="q" placeholder="Search products" />
        <button type="submit">Search</button>
      </Form>
      <nav aria-label="Account and cart" className="header-links">
        {member ? <Link to="/account">My account</Link> : <Link to="/login">Sign in</Link>}
        {/* The cart page without JavaScript; the drawer once the page is hydrated. */}
        {hydrated ? (
          <button
            type="button"
            className="cart-button"
            aria-haspopup="dialog"
            onClick={drawer.open}
            onPointerEnter={fetchCartCode}
            onFocus={fetchCartCode}
          >
            Cart{' '}
            <span className="badge">
              <CartCount initial={count} />
            </span>
            <span className="visually-hidden"> items</span>
          </button>
        ) : (
          <a href="/cart" className="cart-button">
            Cart <span className="badge">{count}</span>
            <span className="visually-hidden"> items</span>
          </a>
        )}
      </nav>
    </header>
  );
}
