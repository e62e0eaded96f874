/**
 * The pictures the sandbox serves for the media it knows: drawn, not stored. The same id always
 * draws the same picture (a colour and a pattern picked from a hash of the id) with the initials
 * of what it shows (a product's name), so seeded products look distinct from one another.
 */
import type { RgbImage } from './png.ts';

/** A 5x7 bitmap font: each glyph is 7 rows of 5 bits, as 14 hex digits. */
const FONT: Readonly<Record<string, string>> = {
  A: '0e11111f111111',
  B: '1e11111e11111e',
  C: '0e11101010110e',
  D: '1e11111111111e',
  E: '1f10101e10101f',
  F: '1f10101e101010',
  G: '0e11101711110f',
  H: '1111111f111111',
  I: '0e04040404040e',
  J: '0702020202120c',
  K: '11121418141211',
  L: '1010101010101f',
  M: '111b1515111111',
  N: '11111915131111',
  O: '0e11111111110e',
  P: '1e11111e101010',
  Q: '0e11111115120d',
  R: '1e11111e141211',
  S: '0f10100e01011e',
  T: '1f040404040404',
  U: '1111111111110e',
  V: '11111111110a04',
  W: '1111111515150a',
  X: '11110a040a1111',
  Y: '1111110a040404',
  Z: '1f01020408101f',
  '0': '0e11131519110e',
  '1': '040c040404040e',
  '2': '0e11010204081f',
  '3': '1f02040201110e',
  '4': '02060a121f0202',
  '5': '1f101e0101110e',
  '6': '0608101e11110e',
  '7': '1f010204080808',
  '8': '0e11110e11110e',
  '9': '0e11110f01020c',
};

/** Up to two initials of `label` the font can draw ("Ceramic Mug" -> "CM"). */
export function initials(label: string): string {
  const letters = label
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]);
  return letters.slice(0, 2).join('');
}

/** FNV-1a: a stable 32-bit hash of the id. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** Which pattern cells carry the second colour. */
const PATTERNS: readonly ((x: number, y: number, p: number) => boolean)[] = [
  (x, y, p) => Math.floor((x + y) / p) % 2 === 0, // diagonal stripes
  (_x, y, p) => Math.floor(y / p) % 2 === 0, // bands
  (x, y, p) => (Math.floor(x / p) + Math.floor(y / p)) % 2 === 0, // checks
  (x, y, p) => ((x % p) - p / 2) ** 2 + ((y % p) - p / 2) ** 2 < (p / 3) ** 2, // dots
];

/** The picture for media `id` at `width` x `height`, with the initials of `label`. */
export function drawPlaceholder(id: string, label: string, width: number, height: number): RgbImage {
  const h = hash(id);
  const hue = h % 360;
  const pattern = PATTERNS[(h >>> 9) % PATTERNS.length];
  const period = Math.max(2, Math.round(Math.min(width, height) / (6 + ((h >>> 12) % 6))));
  const colours = [hsl(hue, 0.55, 0.72), hsl(hue, 0.55, 0.6)];
  const ink = hsl((hue + 180) % 360, 0.6, 0.18);
  const rgb = new Uint8Array(width * height * 3);
  // Every pattern repeats every 2 periods down: draw those rows, copy them below.
  const row = width * 3;
  for (let y = 0; y < height; y++) {
    if (y >= 2 * period) {
      rgb.copyWithin(y * row, (y - 2 * period) * row, (y - 2 * period + 1) * row);
      continue;
    }
    for (let x = 0, i = y * row; x < width; x++, i += 3) {
      const [r, g, b] = colours[pattern(x, y, period) ? 1 : 0];
      (rgb[i] = r), (rgb[i + 1] = g), (rgb[i + 2] = b);
    }
  }
  const text = [...initials(label)].filter((c) => Object.hasOwn(FONT, c));
  if (text.length) {
    // Glyphs 5 wide with a column between; the text takes at most 70% of the width, 40% of the height.
    const scale = Math.floor(Math.min((width * 0.7) / (text.length * 6 - 1), (height * 0.4) / 7));
    if (scale >= 1) {
      const left = Math.floor((width - (text.length * 6 - 1) * scale) / 2);
      const top = Math.floor((height - 7 * scale) / 2);
      text.forEach((c, n) => {
        const rows = FONT[c].match(/../g)!.map((b) => parseInt(b, 16));
        rows.forEach((bits, row) => {
          for (let col = 0; col < 5; col++) {
            if (!(bits & (0x10 >> col))) continue;
            const x0 = left + (n * 6 + col) * scale;
            const y0 = top + row * scale;
            for (let y = y0; y < y0 + scale; y++) {
              for (let x = x0; x < x0 + scale; x++) rgb.set(ink, (y * width + x) * 3);
            }
          }
        });
      });
    }
  }
  return { width, height, rgb };
}
