/**
 * The provider's media host (`static.wixstatic.com`), as far as the catalog goes: every image a
 * product or a collection names is served at `/media/<id>` in the size the catalog gives it,
 * and at the transforms the SDK's media helpers build (`/media/<id>/v1/fill/w_300,h_300,.../<name>`,
 * `fit`, `crop/.../fill/...`) in the size they ask for. The pictures are drawn (PNG), the same
 * every time for the same id and size. Nothing is stored.
 */
import { appError } from '../platform/errors.ts';
import type { SandboxModule } from '../platform/module.ts';
import { drawPlaceholder } from '../domain/media/placeholder-image.ts';
import { encodePng } from '../domain/media/png.ts';
import { knownImage } from '../domain/catalog/media-files.ts';

/** No side of a served image is longer than this (a transform may ask for any size). */
export const MAX_IMAGE_SIDE = 4000;

type Size = { width: number; height: number };

/**
 * The size a transform path gives an image of `original` size: its last step decides. `fill`
 * and `crop` give their box (`w_300,h_200`); `fit` scales the image into its box, keeping its shape.
 */
export function transformSize(steps: readonly string[], original: Size): Size | undefined {
  let size: Size | undefined;
  for (let i = 0; i + 1 < steps.length; i++) {
    if (!['fill', 'fit', 'crop'].includes(steps[i])) continue;
    const params = new Map(steps[i + 1].split(',').map((p) => [p.split('_')[0], p.slice(p.indexOf('_') + 1)]));
    const width = Number(params.get('w'));
    const height = Number(params.get('h'));
    if (!Number.isInteger(width) || !Number.isInteger(height)) continue;
    const scale = Math.min(width / original.width, height / original.height);
    size =
      steps[i] === 'fit'
        ? {
            width: Math.max(1, Math.round(original.width * scale)),
            height: Math.max(1, Math.round(original.height * scale)),
          }
        : { width, height };
  }
  return size;
}

/** Drawn pictures by id, size and label: an app's image optimizer asks for the same ones again. */
const drawn = new Map<string, Uint8Array>();
const DRAWN_KEPT = 64;

async function picture(id: string, label: string, width: number, height: number): Promise<Uint8Array> {
  const key = JSON.stringify([id, label, width, height]);
  let png = drawn.get(key);
  if (!png) {
    png = await encodePng(drawPlaceholder(id, label, width, height));
    if (drawn.size >= DRAWN_KEPT) drawn.delete(drawn.keys().next().value!);
    drawn.set(key, png);
  }
  return png;
}

export const mediaModule: SandboxModule = {
  name: 'media',
  routes: [
    {
      method: 'GET',
      path: '/media/',
      prefix: true,
      async handle(_request, env) {
        const [rawId, version, ...steps] = env.url.pathname.slice('/media/'.length).split('/');
        const id = decodeURIComponent(rawId);
        const image = id ? knownImage(env.sandbox.store.db, id) : undefined;
        if (!image)
          throw appError(
            404,
            'MEDIA_NOT_FOUND',
            `No image with media id ${JSON.stringify(id)} in the sandbox's catalog`,
          );
        const asked = version === 'v1' ? transformSize(steps, image) : undefined;
        if (version !== undefined && !asked) {
          throw appError(
            400,
            'INVALID_ARGUMENT',
            `Not a media transform the sandbox knows: ${env.url.pathname} (e.g. /media/<id>/v1/fill/w_300,h_300/<name>)`,
          );
        }
        const { width, height } = asked ?? image;
        if (!(width >= 1 && height >= 1 && width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE)) {
          throw appError(
            400,
            'INVALID_ARGUMENT',
            `Image size ${width}x${height} is outside 1..${MAX_IMAGE_SIDE} pixels a side`,
            {
              maxSide: MAX_IMAGE_SIDE,
            },
          );
        }
        const png = await picture(id, image.label, width, height);
        return new Response(new Uint8Array(png), {
          headers: {
            'content-type': 'image/png',
            'content-length': String(png.byteLength),
            'cache-control': 'public, max-age=3600',
            'x-content-type-options': 'nosniff',
          },
        });
      },
    },
  ],
};
