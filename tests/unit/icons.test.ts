import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ICONS, renderIcon } from '../../scripts/build-icons';
import { pngScanlines, scanlines } from '../../scripts/png';

const publicFile = (name: string) => readFileSync(new URL(`../../public/${name}`, import.meta.url));

describe('the committed icons are what scripts/build-icons.ts draws', () => {
  it.each(ICONS)('$file is the mark at $size px', ({ file, size, maskable }) => {
    const png = publicFile(file);
    expect(png.readUInt32BE(16)).toBe(size);
    expect(pngScanlines(png).equals(scanlines(renderIcon(size, maskable), size))).toBe(true);
  });

  it('a maskable icon has no transparent pixel (launchers cut their own shape); the plain one has round corners', () => {
    const alphaAt = (rgba: Uint8Array, size: number, x: number, y: number) => rgba[(y * size + x) * 4 + 3];
    expect(alphaAt(renderIcon(64, true), 64, 0, 0)).toBe(255);
    expect(alphaAt(renderIcon(64, false), 64, 0, 0)).toBe(0);
    expect(alphaAt(renderIcon(64, false), 64, 32, 32)).toBe(255);
  });

  it('favicon.ico holds one 32 px PNG', () => {
    const ico = publicFile('favicon.ico');
    expect([ico.readUInt16LE(2), ico.readUInt16LE(4), ico.readUInt8(6), ico.readUInt32LE(18)]).toEqual([
      1, 1, 32, 22,
    ]);
    const png = ico.subarray(22);
    expect(png.length).toBe(ico.readUInt32LE(14));
    expect(pngScanlines(png).equals(scanlines(renderIcon(32, false), 32))).toBe(true);
  });
});
