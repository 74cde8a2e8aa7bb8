import { describe, expect, it } from 'vitest';
import { iconBytes } from './icon-fetch';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);

describe("a data: icon's bytes as the host serves them", () => {
  it('are served when they are the image type the icon claims', async () => {
    const icon = await iconBytes({ kind: 'data', mimeType: 'image/png', base64: PNG.toString('base64') });
    expect(icon?.mimeType).toBe('image/png');
    expect(Buffer.from(icon?.bytes ?? []).equals(PNG)).toBe(true);
  });

  it('are not served when they are another type than claimed (nothing is sniffed into a page)', async () => {
    expect(
      await iconBytes({ kind: 'data', mimeType: 'image/png', base64: JPEG.toString('base64') }),
    ).toBeNull();
    expect(
      await iconBytes({
        kind: 'data',
        mimeType: 'image/gif',
        base64: Buffer.from('<html>').toString('base64'),
      }),
    ).toBeNull();
  });
});
