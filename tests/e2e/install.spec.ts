import { expect, test } from './fixtures';
import { rawRequest } from './helpers/raw-http';
import { AppHead } from './pages/app-head';
import { HOST_PORT } from './ports';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** The width and height a PNG's IHDR states. */
function pngSize(body: Buffer): string {
  expect(body.subarray(1, 4).toString('ascii')).toBe('PNG');
  return `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`;
}

test.describe('the host can be installed (favicon, app icons, web manifest)', () => {
  test('the manifest names the app, opens standalone at /, and every icon it lists is served as an image', async ({
    request,
  }) => {
    const response = await request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    expect(manifest).toMatchObject({
      name: 'MCPlet Host',
      short_name: 'MCPlet',
      start_url: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#ffffff',
    });
    const sizes = manifest.icons.filter((i) => i.type === 'image/png').map((i) => `${i.sizes} ${i.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const file = await request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type'], icon.src).toBe(icon.type);
      if (icon.type === 'image/png') expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
    }
    const ico = await request.get('/favicon.ico');
    expect(ico.status()).toBe(200);
    expect(ico.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  });

  test('every page links the favicon, the touch icon and the manifest, and sets its theme colour', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const head = new AppHead(page);
    await expect(head.link('manifest')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(head.link('icon').first()).toHaveAttribute('href', /\/favicon\.svg/);
    await expect(head.link('icon').and(page.locator('[type="image/svg+xml"]'))).toHaveCount(1);
    await expect(head.link('apple-touch-icon')).toHaveAttribute('href', /\/apple-touch-icon\.png/);
    await expect(head.themeColor()).toHaveCount(2);
    for (const rel of ['icon', 'apple-touch-icon']) {
      for (const href of await head
        .link(rel)
        .evaluateAll((links) => links.map((l) => l.getAttribute('href')))) {
        const file = await request.get(href ?? '');
        expect(file.status(), href ?? '').toBe(200);
        expect(file.headers()['content-type'], href ?? '').toMatch(/^image\//);
      }
    }
  });

  test("a server's sandbox origin serves none of them: a view cannot pass for the host", async () => {
    const sandbox = `restaurant.sandbox.localhost:${HOST_PORT}`;
    for (const path of ['/manifest.webmanifest', '/favicon.svg', '/favicon.ico', '/icon-512.png']) {
      expect((await rawRequest(HOST_PORT, path, { host: sandbox })).status, path).toBe(404);
      expect((await rawRequest(HOST_PORT, path, { host: `localhost:${HOST_PORT}` })).status, path).toBe(200);
    }
  });
});
