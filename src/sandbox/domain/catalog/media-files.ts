/**
 * The images the catalog knows: every media id a product (its media, its choices' media) or a
 * collection carries, with the size the catalog says it has, and what it shows (for the
 * picture's initials). The media route (operations/media.ts) serves them.
 */
import type { Db } from '../../platform/types.ts';
import { isJsonObject } from '../../platform/safe-object.ts';
import { MEDIA_URL_PREFIX } from '../../platform/provider-hosts.ts';
import { PRODUCTS } from './catalog.ts';
import { COLLECTIONS } from './collections.ts';

export interface KnownImage {
  id: string;
  width: number;
  height: number;
  /** The name of the product or collection it belongs to. */
  label: string;
}

const WIX_IMAGE = 'wix:image://v1/';

/** The media id an image URL or a `wix:image://` URI names (undefined for another host's URL). */
export function mediaIdOf(url: string): string | undefined {
  if (url.startsWith(MEDIA_URL_PREFIX)) return url.slice(MEDIA_URL_PREFIX.length).split(/[/?#]/)[0] || undefined;
  if (url.startsWith(WIX_IMAGE)) return url.slice(WIX_IMAGE.length).split(/[/#]/)[0] || undefined;
  return undefined;
}

const positive = (v: unknown): number | undefined => (typeof v === 'number' && v > 0 ? v : undefined);

/** The size an image object (`{ id?, url, width, height }`) or a `wix:image://...#originWidth=..` URI gives. */
function imageAt(node: unknown, id: string): { width: number; height: number } | undefined {
  if (typeof node === 'string') {
    if (!node.startsWith(WIX_IMAGE) || mediaIdOf(node) !== id) return undefined;
    const hash = new URLSearchParams(node.split('#')[1] ?? '');
    const width = positive(Number(hash.get('originWidth')));
    const height = positive(Number(hash.get('originHeight')));
    return width && height ? { width, height } : undefined;
  }
  if (!isJsonObject(node) || typeof node.url !== 'string' || mediaIdOf(node.url) !== id) return undefined;
  const width = positive(node.width);
  const height = positive(node.height);
  return width && height ? { width, height } : undefined;
}

/** The first image with this id anywhere in `value` (iterative: stored entities can nest deep). */
function findImage(value: unknown, id: string): { width: number; height: number } | undefined {
  const stack: unknown[] = [value];
  while (stack.length) {
    const node = stack.pop();
    const found = imageAt(node, id);
    if (found) return found;
    if (node && typeof node === 'object') stack.push(...Object.values(node));
  }
  return undefined;
}

/** The image the catalog knows by this media id, or undefined. */
export function knownImage(db: Db, id: string): KnownImage | undefined {
  for (const collection of [PRODUCTS, COLLECTIONS] as const) {
    for (const entity of db.list(collection)) {
      const size = findImage(entity, id);
      if (size) return { id, ...size, label: typeof entity.name === 'string' ? entity.name : id };
    }
  }
  return undefined;
}
