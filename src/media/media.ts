/**
 * The provider's internal media URIs (`wix:image://v1/<id>/<name>#originWidth=..&originHeight=..`,
 * `wix:video://v1/...`, `wix:document://v1/...`, `wix:audio://v1/...`) to public URLs and back,
 * and expiry checks for media URLs and digital files.
 */
export const MEDIA_PREFIX = 'wix:';
const IMAGE_BASE = 'https://static.wixstatic.com/media/';
const VIDEO_BASE = 'https://video.wixstatic.com/video/';
const AUDIO_BASE = 'https://static.wixstatic.com/mp3/';
const DOCUMENT_BASE = 'https://d945e594-8657-47e2-9cd9-e9033c3d8da0.usrfiles.com/ugd/';

export interface ImageInfo {
  id: string;
  url: string;
  width: number;
  height: number;
  /** The file name part of the URI (the provider uses it as alt text too). */
  filename?: string;
  altText?: string;
}

interface Parsed {
  id: string;
  filename?: string;
  params: URLSearchParams;
}

function parse(uri: string, kind: 'image' | 'video' | 'audio' | 'document'): Parsed {
  const prefix = `${MEDIA_PREFIX}${kind}://v1/`;
  if (typeof uri !== 'string' || !uri.startsWith(prefix)) {
    throw new TypeError(`Not a ${kind} media URI: expected "${prefix}<id>/<name>", got ${JSON.stringify(uri)}`);
  }
  const [path, hash] = uri.slice(prefix.length).split('#');
  const [id, name] = path.replace(/^ugd\//, '').split('/');
  if (!id) throw new TypeError(`Media URI without an id: ${JSON.stringify(uri)}`);
  return { id, filename: name ? decodeURIComponent(name) : undefined, params: new URLSearchParams(hash) };
}

export function isInternalMediaUri(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(MEDIA_PREFIX);
}

/** A `wix:image://` URI (or a public image URL) -> id, public URL and original size. */
export function getImageUrl(uri: string): ImageInfo {
  // Where a public image URL's id starts: the provider's media host, or another host's `/media/`
  // (the sandbox answers its images at `<its URL>/media/<id>` and scales them there, as the
  // provider's host does).
  const base = uri.startsWith(IMAGE_BASE) ? IMAGE_BASE : /^https?:\/\/[^/?#]+\/media\/(?=[^/?#]+)/.exec(uri)?.[0];
  if (base) {
    const id = uri.slice(base.length).split('/')[0];
    // A scaled copy's URL says its size (`/w_300,h_200/`); without one it is unknown (0).
    const size = (pattern: RegExp) => Number(pattern.exec(uri)?.[1] ?? 0);
    return { id, url: base + id, width: size(/\/w_(\d+)/), height: size(/,h_(\d+)/) };
  }
  const { id, filename, params } = parse(uri, 'image');
  return {
    id,
    url: IMAGE_BASE + id,
    width: Number(params.get('originWidth') ?? 0),
    height: Number(params.get('originHeight') ?? 0),
    // The file name is the provider's alt text too; no keys at all without one.
    ...(filename && { filename, altText: filename }),
  };
}

function scaled(mode: 'fill' | 'fit', uri: string, width: number, height: number): string {
  if (!(width > 0 && height > 0)) throw new TypeError(`Target size must be positive, got ${width}x${height}`);
  const img = getImageUrl(uri);
  const name = encodeURIComponent(img.filename ?? `file.${img.id.split('.').pop() || 'jpg'}`);
  return `${img.url}/v1/${mode}/w_${Math.round(width)},h_${Math.round(height)}/${name}`;
}

/** A public URL scaled to fill `width`x`height` (cropping what does not fit). */
export const getScaledToFillImageUrl = (uri: string, width: number, height: number) =>
  scaled('fill', uri, width, height);
/** A public URL scaled to fit inside `width`x`height`. */
export const getScaledToFitImageUrl = (uri: string, width: number, height: number) => scaled('fit', uri, width, height);

export function getVideoUrl(uri: string): { id: string; url: string; thumbnail: string; filename?: string } {
  const p = parse(uri, 'video');
  const poster = p.params.get('posterUri') ?? `${p.id}.jpg`;
  const out: { id: string; url: string; thumbnail: string; filename?: string } = {
    id: p.id,
    url: `${VIDEO_BASE}${p.id}/file`,
    thumbnail: `${MEDIA_PREFIX}image://v1/${poster}#originWidth=${p.params.get('posterWidth') ?? 50}&originHeight=${p.params.get('posterHeight') ?? 50}`,
  };
  if (p.filename) out.filename = p.filename;
  return out;
}

export function getAudioUrl(uri: string): { id: string; url: string; duration: number; filename?: string } {
  const p = parse(uri, 'audio');
  const out: { id: string; url: string; duration: number; filename?: string } = {
    id: p.id,
    url: AUDIO_BASE + p.id,
    duration: Number(p.params.get('duration') ?? 0),
  };
  if (p.filename) out.filename = p.filename;
  return out;
}

export function getDocumentUrl(uri: string): { id: string; url: string; filename?: string } {
  const p = parse(uri, 'document');
  const out: { id: string; url: string; filename?: string } = { id: p.id, url: DOCUMENT_BASE + p.id };
  if (p.filename) out.filename = p.filename;
  return out;
}

/** The way back: a public image URL (with its size) -> the internal `wix:image://` URI. */
export function toWixImageUri(publicUrl: string, size?: { width: number; height: number }, filename?: string): string {
  if (!publicUrl.startsWith(IMAGE_BASE))
    throw new TypeError(`Not a public image URL of the provider: ${JSON.stringify(publicUrl)}`);
  const img = getImageUrl(publicUrl);
  const width = size?.width ?? img.width;
  const height = size?.height ?? img.height;
  const name = encodeURIComponent(filename ?? img.id);
  return `${MEDIA_PREFIX}image://v1/${img.id}/${name}#originWidth=${width}&originHeight=${height}`;
}

/** Whether a media URL (`urlExpirationDate`) or a digital file (`expirationDate`) has expired. */
export function isExpired(expiration: Date | string | undefined | null, now: Date = new Date()): boolean {
  if (expiration === undefined || expiration === null || expiration === '') return false;
  const t = expiration instanceof Date ? expiration.getTime() : Date.parse(expiration);
  if (Number.isNaN(t)) throw new TypeError(`Not a date: ${JSON.stringify(expiration)}`);
  return t <= now.getTime();
}
