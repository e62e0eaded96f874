/**
 * `<Image>`: a provider image as an `<img>` with a srcset of scaled copies (the client's media
 * helpers build their URLs), its width and height set so the page does not shift as it loads,
 * and loaded lazily unless asked otherwise.
 */
import type { ImgHTMLAttributes } from 'react';
// The media helpers themselves, not the client entry's `media` namespace: a bundler keeps a
// re-exported namespace whole (video, audio, documents), where named imports keep only these two.
import { getImageUrl, getScaledToFitImageUrl, type ImageInfo } from '../media/index.ts';

/** An image as the provider's answers carry it (a product's `media.mainMedia.image`), or its URI or URL. */
export type ImageSource = string | { url?: string; width?: number; height?: number; altText?: string | null };

export interface ImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'width' | 'height' | 'alt'
> {
  /** A `wix:image://` URI, a public image URL of the provider, or an image object of an answer. */
  image: ImageSource;
  /** The width it is shown at, in CSS pixels: the srcset offers it at 1x, 1.5x, 2x and 3x (never above the original). */
  width: number;
  /** The height it is shown at; by default the width at the original's aspect ratio. */
  height?: number;
  /** Alternative text; by default the image's own `altText` ('' marks the image as decoration). */
  alt?: string;
  /** @default 'lazy' */
  loading?: 'lazy' | 'eager';
}

const DENSITIES = [1, 1.5, 2, 3];

/**
 * What an image's URL is: the provider's media (a `wix:image://` URI, a provider or sandbox media
 * URL: scaled copies), another http(s) URL (shown as given), or anything else (`javascript:`,
 * `data:`, a broken text), which is never put in a page: a merchant's bad image leaves the image
 * out instead of breaking the page.
 */
export function imageKind(url: unknown): 'media' | 'plain' | undefined {
  if (typeof url !== 'string') return undefined;
  if (/^wix:image:\/\/v1\/[^/#]/.test(url)) return 'media';
  try {
    if (!/^https?:$/.test(new URL(url).protocol)) return undefined;
  } catch {
    return undefined; // not a URL at all
  }
  try {
    getImageUrl(url);
    return 'media';
  } catch {
    return 'plain';
  }
}

/** The `<img>` attributes of `<Image>` (for a component of the app's own). */
export function imageAttributes({
  image,
  width,
  height,
  alt,
  loading = 'lazy',
}: Pick<ImageProps, 'image' | 'width' | 'height' | 'alt' | 'loading'>) {
  const given: Exclude<ImageSource, string> = typeof image === 'string' ? { url: image } : image;
  const url = given.url;
  if (!url) throw new TypeError('storefront-kit/react: <Image> needs an image with a url');
  const kind = imageKind(url);
  if (!kind)
    throw new TypeError(
      `storefront-kit/react: <Image> shows http(s) and wix:image:// URLs only, not ${JSON.stringify(url.slice(0, 40))}`,
    );
  // What the provider's media URL says: the original's size (the object's own wins) and, for a
  // bare URI or URL, its alt text (an object's is its own).
  const read: Partial<ImageInfo> = kind === 'plain' ? {} : getImageUrl(url);
  const originalWidth = given.width || read.width;
  const originalHeight = given.height || read.height;
  if (!(width > 0)) throw new RangeError(`storefront-kit/react: <Image> needs a positive width, got ${width}`);
  const shownHeight =
    height ?? (originalWidth && originalHeight ? (width * originalHeight) / originalWidth : undefined);
  if (!shownHeight)
    throw new RangeError(
      'storefront-kit/react: <Image> needs a height: the image does not say its original size (width and height)',
    );
  const shown = {
    width: Math.round(width),
    height: Math.round(shownHeight),
    alt: alt ?? (typeof image === 'string' ? read : given).altText ?? '',
    loading,
    decoding: 'async' as const,
  };
  if (kind === 'plain') return { src: url, srcSet: undefined, sizes: undefined, ...shown };
  const ratio = shownHeight / width;
  // Scaled copies no wider than the original (an unknown original: any).
  const widths = [...new Set(DENSITIES.map((d) => Math.min(Math.round(width * d), originalWidth || Infinity)))];
  const scaled = (w: number) => getScaledToFitImageUrl(url, w, Math.max(1, Math.round(w * ratio)));
  return {
    src: scaled(widths[0]),
    srcSet: widths.map((w) => `${scaled(w)} ${w}w`).join(', '),
    sizes: `${shown.width}px`,
    ...shown,
  };
}

/**
 * A provider image, scaled for the screen's density, with its size set and lazily loaded.
 * Nothing at all for an image that has no http(s) or `wix:image://` URL (a merchant's
 * `javascript:` or `data:` URL, an image without a URL): the page goes on without it.
 */
export function Image({ image, width, height, alt, loading, sizes, ...rest }: ImageProps) {
  if (!imageKind(typeof image === 'string' ? image : image?.url)) return null;
  const attributes = imageAttributes({ image, width, height, alt, loading });
  return <img {...rest} {...attributes} sizes={sizes ?? attributes.sizes} />;
}
