/** A route handler on the SDK: the store's collections, as the visitor of the session cookie sees them. */
import { wixClient } from '../../../lib/wix.js';

export async function GET() {
  const { items } = await (await wixClient()).collections.queryCollections().find();
  return Response.json(items.map((c) => ({ slug: c.slug, name: c.name })));
}
