import { useState } from 'react';
import type { MetaFunction } from 'react-router';
import { CartContents } from '../components/cart.tsx';

export const meta: MetaFunction = () => [{ title: 'Your cart · Sandbox Store' }];

/** The cart as a page: the header's cart link without JavaScript (the drawer with it). */
export default function CartPage() {
  const [message, setMessage] = useState('');
  return (
    <div className="page">
      <h1>Your cart</h1>
      <CartContents message={message} onMessage={setMessage} />
    </div>
  );
}
