import { useMemo, useState } from 'react';
import { data, Link, redirect, useRouteLoaderData, useSearchParams } from 'react-router';
import { Image, Money, selectVariant, type Choices, type Product } from 'storefront-kit/react';
import { notFound } from '../catalog.server.ts';
import type { RootData } from '../components/cart.tsx';
import { useCartDrawer } from '../components/cart-drawer.tsx';
import { loadCart, fetchCartCode } from '../components/cart-loader.ts';
import { reasonOf } from '../components/cart-words.ts';
import { PageError } from '../components/not-found.tsx';
import type { ServerClient } from '../kit.ts';
import type { Route } from './+types/product';

/** A form field per option: `option:Size=M`. */
const FIELD = 'option:';

async function productBySlug(client: ServerClient, slug: string): Promise<Product> {
  const answer = await client.products.queryProducts({ query: { filter: { slug } } });
  const product = answer.products?.[0];
  if (!product || product.visible === false) throw notFound('product');
  return product;
}

/** The choices a link or a form names, for the options the product has. */
function choicesFrom(product: Product, read: (name: string) => string | null): Choices {
  const choices: Choices = {};
  for (const option of product.productOptions ?? []) {
    const value = option.name ? read(option.name) : null;
    if (option.name && value) choices[option.name] = value;
  }
  return choices;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const product = await productBySlug(context.visitor.client, params.slug);
  const search = new URL(request.url).searchParams;
  return { product, initial: choicesFrom(product, (name) => search.get(name)) };
}

/** Add to cart without JavaScript: the form's choices name the variant; back to the page with a notice. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { client } = context.visitor;
  const product = await productBySlug(client, params.slug);
  const form = await request.formData();
  const choices = choicesFrom(product, (name) => form.get(FIELD + name) as string | null);
  const picked = selectVariant(product, choices);
  const missing = picked.options.find((o) => !picked.selected[o.name]);
  if (missing) return data({ error: `Choose a ${missing.name.toLowerCase()} first.` }, { status: 400 });
  const line = picked.toLineItem(1);
  if (!line || !picked.inStock) return data({ error: 'This choice is sold out.' }, { status: 400 });
  try {
    await client.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [line] });
  } catch (error) {
    return data({ error: `Could not add ${product.name} to your cart: ${reasonOf(error as Error)}` }, { status: 502 });
  }
  const back = new URLSearchParams({ ...choices, added: '1' });
  return redirect(`/products/${params.slug}?${back}`);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.product.name} · Sandbox Store` : 'Product not found' },
  ...(loaderData?.product.description ? [{ name: 'description', content: loaderData.product.description }] : []),
];

export const ErrorBoundary = PageError;

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, initial } = loaderData;
  // A new product (a client-side navigation) starts its own picker.
  return <ProductView key={product.id} product={product} initial={initial} served={actionData} />;
}

function ProductView({
  product,
  initial,
  served,
}: {
  product: Product;
  initial: Choices;
  served: Route.ComponentProps['actionData'];
}) {
  // The picker is the kit's pure selectVariant: the page holds no store until the first add
  // fetches the cart's code (components/cart-loader.ts), so its first load stays small.
  const [selected, setSelected] = useState(initial);
  const picker = useMemo(() => selectVariant(product, selected), [product, selected]);
  const root = useRouteLoaderData('root') as RootData;
  const drawer = useCartDrawer();
  const [searchParams] = useSearchParams();
  const [message, setMessage] = useState('');
  const error = message || served?.error;
  const image = product.media?.mainMedia?.image;
  const price = picker.price;

  async function add(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing = picker.options.find((o) => !picker.selected[o.name]);
    if (missing) return setMessage(`Choose a ${missing.name.toLowerCase()} first.`);
    const line = picker.toLineItem(1);
    if (!line || !picker.inStock) return setMessage('This choice is sold out.');
    setMessage('');
    drawer.say('');
    drawer.open();
    // The cart's code not fetched (the network): told as the store not answering, tried again on the next tap.
    const result = await loadCart().then(
      (cart) => cart.addToCart(root, product, [line]),
      () => ({ error: { message: 'the cart could not be fetched' } }),
    );
    if (result.error) {
      const text = `Could not add ${product.name} to your cart: ${reasonOf(result.error)}`;
      setMessage(text);
      drawer.say(text);
    }
  }

  return (
    <div className="page product">
      <div>{image?.url && <Image image={image} width={560} alt={product.name ?? ''} loading="eager" />}</div>
      <div>
        <h1>{product.name}</h1>
        {price && (
          <p className="price">
            {price.discountedAmount !== price.amount && (
              <>
                <s>
                  <span className="visually-hidden">Was </span>
                  <Money amount={price.amount} currency={price.currency} />
                </s>{' '}
              </>
            )}
            <Money amount={price.discountedAmount} currency={price.currency} />
          </p>
        )}
        {searchParams.get('added') && !error && (
          <p role="status" className="notice">
            Added to your cart. <Link to="/cart">View cart</Link>
          </p>
        )}
        <form method="post" onSubmit={add}>
          {picker.options.map((option) => (
            <fieldset key={option.name}>
              <legend>{option.name}</legend>
              <div className="choices">
                {option.choices.map((choice) => {
                  const buyable = choice.exists && choice.available && choice.inStock;
                  return (
                    <label key={choice.name} className={buyable ? 'choice' : 'choice sold-out'}>
                      <input
                        type="radio"
                        name={FIELD + option.name}
                        value={choice.name}
                        checked={choice.selected}
                        disabled={!choice.exists || !choice.available}
                        onChange={() => setSelected((s) => ({ ...s, [option.name]: choice.name }))}
                      />
                      <span>
                        {choice.name}
                        {!buyable && <span className="visually-hidden"> (sold out)</span>}
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          ))}
          {picker.complete && !picker.inStock && <p className="notice">This choice is sold out.</p>}
          <button type="submit" className="primary" onPointerEnter={fetchCartCode} onFocus={fetchCartCode}>
            Add to cart
          </button>
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
        </form>
        {product.description && <p>{product.description}</p>}
      </div>
    </div>
  );
}
