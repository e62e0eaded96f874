/**
 * Headless components: the cart, its lines, a product and its variant picker as plain elements
 * with their states as `data-*` attributes (style them with CSS: `[data-pending]`,
 * `[data-selected]`), accessible as they come (a named region, busy while a change is underway;
 * the picker as groups of toggle buttons with a legend), and `asChild` to put the props on an
 * element of the app's own instead. No styles, no text of their own but what the data says.
 */
import {
  cloneElement,
  createContext,
  createElement,
  isValidElement,
  memo,
  useContext,
  useMemo,
  type HTMLAttributes,
  type JSX,
  type ReactNode,
} from 'react';
import { useCart, useCartActions, useCartLine } from './cart.ts';
import { useVariantSelection } from './catalog.ts';
import type { CartLine, Product as ProductData, StoreVariant, StorefrontCart } from './client-types.ts';
import type { Choices, ChoiceState, OptionState, VariantSelection } from './variants.ts';

type DataAttributes = Record<`data-${string}`, string | number | boolean | undefined>;
type ElementProps = HTMLAttributes<HTMLElement> & DataAttributes;

interface AsChild {
  /** Put the element's props (attributes, states, handlers) on the one child element instead of rendering its own. */
  asChild?: boolean;
}

/** `data-*` from booleans: present (empty) when true, absent when false, as CSS selects them (`[data-pending]`). */
const flag = (on: boolean | undefined) => (on ? '' : undefined);

/** The component's props over the child's: handlers both run (the child's first), classes and styles combine. */
function mergeProps(own: ElementProps, child: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...own, ...child };
  for (const [key, value] of Object.entries(own)) {
    const theirs = child[key];
    if (/^on[A-Z]/.test(key) && typeof value === 'function' && typeof theirs === 'function')
      merged[key] = (...args: unknown[]) => {
        (theirs as (...a: unknown[]) => void)(...args);
        (value as (...a: unknown[]) => void)(...args);
      };
    else if (key === 'className' && theirs) merged[key] = `${String(value)} ${String(theirs)}`;
    else if (key === 'style' && theirs) merged[key] = { ...(value as object), ...(theirs as object) };
  }
  return merged;
}

/** `tag` with `props`, or (asChild) the one child element with them merged in. */
function render(tag: string, asChild: boolean | undefined, props: ElementProps, children: ReactNode): JSX.Element {
  if (!asChild) return createElement(tag, props, children);
  if (!isValidElement<Record<string, unknown>>(children))
    throw new Error('storefront-kit/react: asChild needs one element as its child');
  return cloneElement(children, mergeProps(props, children.props));
}

type Content<T> = ReactNode | ((value: T) => ReactNode);
const content = <T,>(children: Content<T>, value: T): ReactNode =>
  typeof children === 'function' ? children(value) : children;

// ---------- Cart ----------

export interface CartProps extends Omit<HTMLAttributes<HTMLElement>, 'children'>, AsChild {
  /** The cart's content; a function gets the cart (undefined before the first read). */
  children?: Content<StorefrontCart | undefined>;
}

/**
 * The cart as a region named "Cart" (`aria-label` to name it otherwise), busy while a change is
 * underway. `data-state`: `loading`, `empty` or `filled`; `data-pending`; `data-count` (items).
 */
export function Cart({ asChild, children, ...rest }: CartProps) {
  const cart = useCart();
  const count = cart?.lineItems.reduce((n, l) => n + l.quantity, 0) ?? 0;
  const props: ElementProps = {
    'aria-label': 'Cart',
    ...rest,
    'aria-busy': cart === undefined || cart.pending,
    'data-state': cart === undefined ? 'loading' : cart.lineItems.length ? 'filled' : 'empty',
    'data-pending': flag(cart?.pending),
    'data-count': count,
  };
  return render('section', asChild, props, content(children, cart));
}

export interface LineItemActions {
  /** Sets the line's quantity (0 takes it out). */
  setQuantity(quantity: number): ReturnType<ReturnType<typeof useCartActions>['updateQuantity']>;
  remove(): ReturnType<ReturnType<typeof useCartActions>['removeLines']>;
}

export interface LineItemProps extends Omit<HTMLAttributes<HTMLElement>, 'children' | 'id'>, AsChild {
  /** The line's key (`line.key`, which stays when the server names a line just added) or its id. */
  id: string;
  /** The line's content; a function gets the line and its actions. */
  children?: ReactNode | ((line: CartLine, actions: LineItemActions) => ReactNode);
}

/**
 * One cart line as a list item (put it in a `<ul>`), renders only when its line changes (or its
 * props: give it a child function that keeps its identity); nothing when the cart has no such line. `data-pending`, `data-optimistic`, `data-quantity`; busy while
 * a change to it is underway.
 */
export const LineItem = memo(function LineItem({ id, asChild, children, ...rest }: LineItemProps) {
  const line = useCartLine(id);
  const { updateQuantity, removeLines } = useCartActions();
  const actions = useMemo(
    (): LineItemActions => ({
      setQuantity: (quantity) => updateQuantity(id, quantity),
      remove: () => removeLines([id]),
    }),
    [id, updateQuantity, removeLines],
  );
  if (!line) return null;
  const props: ElementProps = {
    ...rest,
    'aria-busy': line.pending,
    'data-line-id': line.id,
    'data-pending': flag(line.pending),
    'data-optimistic': flag(line.optimistic),
    'data-quantity': line.quantity,
  };
  return render('li', asChild, props, typeof children === 'function' ? children(line, actions) : children);
});

// ---------- Product and its picker ----------

type Selection = VariantSelection & { select(option: string, choice: string): void };
const ProductContext = createContext<{ product: ProductData; selection: Selection } | null>(null);
const OptionContext = createContext<OptionState | null>(null);

/** The product and its picker's state inside a `<Product>`; throws outside one. */
export function useProductContext(): { product: ProductData; selection: Selection } {
  const context = useContext(ProductContext);
  if (!context)
    throw new Error('storefront-kit/react: <Option>, <Choice> and useProductContext() need a <Product> above them');
  return context;
}

export interface ProductProps extends Omit<HTMLAttributes<HTMLElement>, 'children'>, AsChild {
  product: ProductData;
  /** Where the picker starts (the page URL's choices, so the server renders the same). */
  initial?: Choices;
  /** The product's store variants (`useStoreVariants(product.id).data`): preorder comes from them. */
  storeVariants?: StoreVariant[];
  /** The product's content; a function gets the picker's state (`toLineItem`, `price`, `select`). */
  children?: Content<Selection>;
}

/**
 * A product as an article named by the product's name, holding its variant picker for the
 * `<Option>`s and `<Choice>`s inside. `data-complete` (every option chosen), `data-in-stock` (the
 * chosen variant can be bought), `data-preorder` (it can be preordered; needs `storeVariants`).
 */
function ProductElement({ product, initial, storeVariants, asChild, children, ...rest }: ProductProps) {
  const selection = useVariantSelection(product, initial, storeVariants);
  const value = useMemo(() => ({ product, selection }), [product, selection]);
  const props: ElementProps = {
    'aria-label': product.name ?? undefined,
    ...rest,
    'data-product-id': product.id,
    'data-complete': flag(selection.complete),
    'data-in-stock': flag(selection.inStock),
    'data-preorder': flag(selection.preorder !== undefined),
  };
  return (
    <ProductContext.Provider value={value}>
      {render('article', asChild, props, content(children, selection))}
    </ProductContext.Provider>
  );
}

export interface OptionProps extends Omit<HTMLAttributes<HTMLElement>, 'children'>, AsChild {
  /** The option's name (`Size`). */
  name: string;
  /** The option's content; by default its name as the legend and a `<Choice>` per choice. A function gets the option's state. */
  children?: Content<OptionState>;
}

/**
 * One option of the product as a group (a fieldset, its legend the option's name) of its
 * choices. `data-option`, `data-selected` (a choice is made). Nothing when the product has no
 * such option.
 */
export function Option({ name, asChild, children, ...rest }: OptionProps) {
  const { selection } = useProductContext();
  const option = selection.options.find((o) => o.name === name);
  if (!option) return null;
  const props: ElementProps = {
    ...rest,
    'data-option': option.name,
    'data-selected': flag(option.choices.some((c) => c.selected)),
  };
  const body =
    children === undefined ? (
      <>
        <legend>{option.name}</legend>
        {option.choices.map((c) => (
          <Choice key={c.name} value={c.name} />
        ))}
      </>
    ) : (
      content(children, option)
    );
  return <OptionContext.Provider value={option}>{render('fieldset', asChild, props, body)}</OptionContext.Provider>;
}

export interface ChoiceProps extends Omit<HTMLAttributes<HTMLElement>, 'children'>, AsChild {
  /** The choice's name, as the variants name it (a colour's name). */
  value: string;
  /** The choice's content; by default its name. A function gets the choice's state. */
  children?: Content<ChoiceState>;
}

/**
 * One choice of the enclosing `<Option>` as a toggle button (`aria-pressed`); a choice that
 * cannot be bought now is `aria-disabled` (still found by a screen reader) and a click on it
 * does nothing (one that can be preordered can be chosen). `data-selected`, `data-exists`,
 * `data-available`, `data-in-stock`, `data-preorder`, `data-state` (`selected`, `unselected`,
 * `unavailable`).
 */
export function Choice({ value, asChild, children, onClick, ...rest }: ChoiceProps) {
  const { selection } = useProductContext();
  const option = useContext(OptionContext);
  if (!option) throw new Error('storefront-kit/react: <Choice> needs an <Option> above it');
  const choice = option.choices.find((c) => c.name === value);
  if (!choice) return null;
  const buyable = choice.available && (choice.inStock || choice.preorder);
  const props: ElementProps = {
    ...(asChild ? {} : { type: 'button' }),
    ...rest,
    'aria-pressed': choice.selected,
    'aria-disabled': buyable ? undefined : true,
    'data-selected': flag(choice.selected),
    'data-exists': flag(choice.exists),
    'data-available': flag(choice.available),
    'data-in-stock': flag(choice.inStock),
    'data-preorder': flag(choice.preorder),
    'data-state': !buyable ? 'unavailable' : choice.selected ? 'selected' : 'unselected',
    onClick(event) {
      onClick?.(event);
      if (event.defaultPrevented || !buyable) return;
      selection.select(option.name, choice.name);
    },
  };
  return render('button', asChild, props, children === undefined ? choice.name : content(children, choice));
}

export { ProductElement as Product };
