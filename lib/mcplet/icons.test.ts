import { describe, expect, it } from 'vitest';
import { chooseIcon, ICON_MAX_BYTES, ICON_MAX_URL, iconTypeOf, looksLike, readIcon } from './icons';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64');

// MCP 2025-11-25 Icon (tools, prompts, resources, implementations): which the host shows.
describe('icons a server gives, as the host may show them', () => {
  it('takes a data: image of a shown type, and an https address', () => {
    expect(readIcon({ src: `data:image/png;base64,${PNG}` })).toEqual({
      kind: 'data',
      mimeType: 'image/png',
      base64: PNG,
    });
    expect(readIcon({ src: 'https://cdn.example/icon.png', mimeType: 'image/png' })).toEqual({
      kind: 'https',
      url: 'https://cdn.example/icon.png',
    });
  });

  it('never takes SVG (it would run as a page of the host), another scheme, or credentials in the address', () => {
    for (const src of [
      `data:image/svg+xml;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}`,
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/png,not-base64',
      'http://cdn.example/icon.png',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://user:secret@cdn.example/icon.png',
      '/relative.png',
      '',
    ])
      expect(readIcon({ src }), src.slice(0, 40)).toBeNull();
    expect(readIcon(null)).toBeNull();
    expect(readIcon({ src: 42 })).toBeNull();
  });

  it('refuses an image over 64 KB and an address over 2,048 characters', () => {
    const big = Buffer.alloc(ICON_MAX_BYTES + 1).toString('base64');
    expect(readIcon({ src: `data:image/png;base64,${big}` })).toBeNull();
    const fits = Buffer.alloc(ICON_MAX_BYTES).toString('base64');
    expect(readIcon({ src: `data:image/png;base64,${fits}` })?.kind).toBe('data');
    expect(readIcon({ src: `https://cdn.example/${'a'.repeat(ICON_MAX_URL)}` })).toBeNull();
  });

  it('chooses the first it may show, one for a light page before one for a dark page', () => {
    expect(chooseIcon(undefined)).toBeUndefined();
    expect(chooseIcon([{ src: 'http://x/1.png' }, { src: 'ftp://x' }])).toBeUndefined();
    expect(
      chooseIcon([
        { src: 'https://cdn.example/dark.png', theme: 'dark' },
        { src: 'javascript:1' },
        { src: 'https://cdn.example/light.png', theme: 'light' },
      ]),
    ).toEqual({ kind: 'https', url: 'https://cdn.example/light.png' });
  });

  it("checks fetched bytes against the type they claim, and reads a response's type", () => {
    expect(looksLike('image/png', Buffer.from(PNG, 'base64'))).toBe(true);
    expect(looksLike('image/jpeg', Buffer.from(PNG, 'base64'))).toBe(false);
    expect(looksLike('image/gif', Buffer.from('GIF89a'))).toBe(true);
    expect(looksLike('image/png', Buffer.from('<svg/>'))).toBe(false);
    expect(iconTypeOf('image/PNG; charset=binary')).toBe('image/png');
    expect(iconTypeOf('image/svg+xml')).toBeNull();
    expect(iconTypeOf(null)).toBeNull();
  });
});
