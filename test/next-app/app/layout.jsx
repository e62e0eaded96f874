import Link from 'next/link';
import { visitorCart } from '../lib/wix.js';

export const metadata = { title: 'Test storefront' };

export default async function Layout({ children }) {
  const cart = await visitorCart();
  const count = cart?.lineItems?.reduce((n, line) => n + line.quantity, 0) ?? 0;
  return (
    <html lang="en">
      <body>
        <nav>
          <Link href="/">Home</Link> <Link href="/search">Search</Link>{' '}
          <Link href="/cart" data-testid="cart-link">
            Cart ({count})
          </Link>
        </nav>
        <main>{children}</main>
      </body>
    </html>
  );
}
