/**
 * A small PNG encoder (8-bit RGB, no interlace) over the web's CompressionStream, so it runs
 * wherever the sandbox runs: Node, a browser page, a service worker.
 */

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** zlib (RFC 1950) deflate of `bytes`, the format PNG's IDAT holds. */
async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new CompressionStream('deflate');
  const writer = stream.writable.getWriter();
  void writer.write(new Uint8Array(bytes));
  void writer.close();
  return new Uint8Array(await new Response(stream.readable).arrayBuffer());
}

/** An RGB image: `rgb` holds width x height pixels, 3 bytes each, row by row. */
export interface RgbImage {
  width: number;
  height: number;
  rgb: Uint8Array;
}

export async function encodePng(image: RgbImage): Promise<Uint8Array> {
  const { width, height, rgb } = image;
  if (rgb.length !== width * height * 3) throw new Error(`encodePng: ${rgb.length} bytes for ${width}x${height} RGB`);
  // Each row starts with its filter type: the first row as it is (0), the others as the
  // difference from the row above (2, "Up"), which is mostly zeros for drawn pictures and
  // compresses fast.
  const row = width * 3;
  const raw = new Uint8Array(height * (row + 1));
  raw.set(rgb.subarray(0, row), 1);
  for (let y = 1; y < height; y++) {
    const at = y * (row + 1);
    raw[at] = 2;
    for (let i = 0, p = y * row; i < row; i++, p++) raw[at + 1 + i] = (rgb[p] - rgb[p - row]) & 0xff;
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, adaptive filters, no interlace
  const parts = [
    new Uint8Array(SIGNATURE),
    chunk('IHDR', header),
    chunk('IDAT', await deflate(raw)),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) (out.set(p, at), (at += p.length));
  return out;
}

/** The width and height a PNG's header says (for tests and checks). */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length < 24 || SIGNATURE.some((b, i) => bytes[i] !== b)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
