import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { encodePng, icoOf } from './png';

/** The mark of public/favicon.svg, in its 32-unit box: a rounded square and an "M" stroke. */
const BRAND = [0x24, 0x57, 0xd6] as const;
const CORNER = 7;
const STROKE_HALF = 1.5;
const M: Array<[number, number]> = [
  [9, 22],
  [9, 10],
  [16, 17],
  [23, 10],
  [23, 22],
];
const SAMPLES = 4;

function segmentDistance(px: number, py: number, [ax, ay]: [number, number], [bx, by]: [number, number]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function inRoundedSquare(x: number, y: number, corner: number): boolean {
  const cx = Math.min(Math.max(x, corner), 32 - corner);
  const cy = Math.min(Math.max(y, corner), 32 - corner);
  return Math.hypot(x - cx, y - cy) <= corner;
}

function onStroke(x: number, y: number): boolean {
  for (let i = 1; i < M.length; i++) {
    const a = M[i - 1];
    const b = M[i];
    if (a && b && segmentDistance(x, y, a, b) <= STROKE_HALF) return true;
  }
  return false;
}

/**
 * The mark as RGBA pixels, supersampled. `maskable` fills the whole square (no transparent corners):
 * launchers cut their own shape, and the stroke already sits inside the 80 % safe zone.
 */
export function renderIcon(size: number, maskable: boolean): Uint8Array {
  const rgba = new Uint8Array(size * size * 4);
  const scale = 32 / size;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let cover = 0;
      let white = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) * scale;
          const y = (py + (sy + 0.5) / SAMPLES) * scale;
          if (!maskable && !inRoundedSquare(x, y, CORNER)) continue;
          cover++;
          if (onStroke(x, y)) white++;
        }
      }
      const n = SAMPLES * SAMPLES;
      const i = (py * size + px) * 4;
      // Premultiplied mix of brand and white over the covered samples, then straight alpha.
      for (let c = 0; c < 3; c++) {
        const brand = BRAND[c] ?? 0;
        rgba[i + c] = cover === 0 ? 0 : Math.round((brand * (cover - white) + 255 * white) / cover);
      }
      rgba[i + 3] = Math.round((255 * cover) / n);
    }
  }
  return rgba;
}

/** The PNG icons under public/ that the manifest and the layout name; favicon.svg is hand-written, favicon.ico wraps a 32 px PNG. */
export const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
] as const;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const out = fileURLToPath(new URL('../public/', import.meta.url));
  mkdirSync(out, { recursive: true });
  for (const icon of ICONS)
    writeFileSync(`${out}${icon.file}`, encodePng(renderIcon(icon.size, icon.maskable), icon.size));
  writeFileSync(`${out}favicon.ico`, icoOf(encodePng(renderIcon(32, false), 32), 32));
  console.log(`wrote ${ICONS.length + 1} icons to public/`);
}
