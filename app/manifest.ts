import type { MetadataRoute } from 'next';

/** The web app manifest (/manifest.webmanifest): the host installs to a phone's home screen. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'MCPlet Host',
    short_name: 'MCPlet',
    description: 'A chat host for MCP servers and MCPlet tools',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#ffffff',
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
