/**
 * `<Image>`: a provider image as an `<img>` with a srcset of scaled copies (the client's media
 * helpers build their URLs), its width and height set so the page does not shift as it loads,
 * and loaded lazily unless asked otherwise.
 */
import type { ImgHTMLAttributes } from 'react';
import { media } from '../index.ts';

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

/** The source's URL and original size (the object's own size wins over what the URL says). */
function sourceOf(image: ImageSource): { url: string; width: number; height: number; altText: string | undefined } {
  const given = typeof image === 'string' ? { url: image } : image;
  if (!given.url) throw new TypeError('storefront-kit/react: <Image> needs an image with a url');
  const parsed = media.getImageUrl(given.url);
  return {
    url: given.url,
    width: given.width || parsed.width,
    height: given.height || parsed.height,
    altText: (typeof image === 'string' ? parsed.altText : given.altText) ?? undefined,
  };
}

/** The `<img>` attributes of `<Image>` (for a component of the app's own). */
export function imageAttributes({
  image,
  width,
  height,
  alt,
  loading = 'lazy',
}: Pick<ImageProps, 'image' | 'width' | 'height' | 'alt' | 'loading'>) {
  const source = sourceOf(image);
  if (!(width > 0)) throw new RangeError(`storefront-kit/react: <Image> needs a positive width, got ${width}`);
  const shownHeight = height ?? (source.width && source.height ? (width * source.height) / source.width : undefined);
  if (!shownHeight)
    throw new RangeError(
      'storefront-kit/react: <Image> needs a height: the image does not say its original size (width and height)',
    );
  const ratio = shownHeight / width;
  // Scaled copies no wider than the original (an unknown original: any).
  const widths = [
    ...new Set(DENSITIES.map((d) => Math.round(width * d)).map((w) => (source.width ? Math.min(w, source.width) : w))),
  ];
  const scaled = (w: number) => media.getScaledToFitImageUrl(source.url, w, Math.max(1, Math.round(w * ratio)));
  return {
    src: scaled(widths[0]),
    srcSet: widths.map((w) => `${scaled(w)} ${w}w`).join(', '),
    sizes: `${Math.round(width)}px`,
    width: Math.round(width),
    height: Math.round(shownHeight),
    alt: alt ?? source.altText ?? '',
    loading,
    decoding: 'async' as const,
  };
}

/** A provider image, scaled for the screen's density, with its size set and lazily loaded. */
export function Image({ image, width, height, alt, loading, sizes, ...rest }: ImageProps) {
  const attributes = imageAttributes({ image, width, height, alt, loading });
  return <img {...rest} {...attributes} sizes={sizes ?? attributes.sizes} />;
}
