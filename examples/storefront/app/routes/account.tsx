import { Link, redirect } from 'react-router';
import { ProductGrid } from '../components/product-card.tsx';
import type { Route } from './+types/account';

export const meta: Route.MetaFunction = () => [{ title: 'My account · Sandbox Store' }];

/** The signed-in member and their wishlist's products; a visitor is sent to sign in. */
export async function loader({ context }: Route.LoaderArgs) {
  const { client, auth, wishlists } = context.visitor;
  if (!auth.loggedIn()) return redirect('/login');
  const { member } = await client.members.getCurrentMember({ fieldsets: ['FULL'] });
  const wishlistId = member?.id ? wishlists[member.id] : undefined;
  const wishlist = wishlistId
    ? (await client.wishlist.getWishlistById({ id: wishlistId, limit: 24 })).wishlist
    : undefined;
  const items: { id?: string }[] = wishlist?.items ?? [];
  const ids = items.map((item) => item.id).filter((id): id is string => Boolean(id));
  const products = ids.length
    ? ((await client.products.queryProducts({ query: { filter: { id: { $in: ids } } } })).products ?? [])
    : [];
  return {
    name: member?.profile?.nickname ?? member?.loginEmail ?? 'member',
    email: member?.loginEmail,
    hasWishlist: Boolean(wishlist),
    products,
  };
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const { name, email, hasWishlist, products } = loaderData;
  return (
    <div className="page">
      <h1>Hello, {name}</h1>
      {email && <p>Signed in as {email}.</p>}
      <section aria-labelledby="wishlist-title">
        <h2 id="wishlist-title">Your wishlist</h2>
        {!hasWishlist || products.length === 0 ? (
          <p>
            Nothing saved yet. <Link to="/search">Browse the catalog</Link>.
          </p>
        ) : (
          <ProductGrid products={products} />
        )}
      </section>
      {/* A full page load: the shopper leaves for the provider's logout page. */}
      <form method="post" action="/logout">
        <button type="submit">Sign out</button>
      </form>
    </div>
  );
}
