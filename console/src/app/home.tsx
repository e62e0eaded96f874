import { Link } from 'react-router';
import { operationList } from '../../../src/console-data.ts';

export default function Home() {
  return (
    <article>
      <h1>storefront-kit console</h1>
      <p>
        Every one of the {operationList.length} operations of the provider's API, as a try-it form. Calls go through the
        project's own client to the embedded sandbox (or another host you choose under Authentication).
      </p>
      <ul>
        <li>
          Start with <Link to="/op/queryProducts">queryProducts</Link> or{' '}
          <Link to="/op/getCurrentCart">getCurrentCart</Link>.
        </li>
        <li>
          Run the <Link to="/flows">guided flows</Link> to go from a visitor to an order.
        </li>
        <li>
          Watch the <Link to="/sandbox">sandbox</Link>: events, outbox, settings and the clock.
        </li>
      </ul>
    </article>
  );
}
