import { describe, expect, it } from 'vitest';
import { viewHash } from '../trust/tool-pin';
import type { ServerConnection } from './connection';
import {
  cachedUiResource,
  readUiResourceNow,
  type UiResource,
  uiResourceHash,
  uiResourceJson,
} from './ui-resource';

const URI = 'ui://demo/view.html';

function connection(): { conn: ServerConnection; reads: Array<() => void> } {
  const reads: Array<() => void> = [];
  const conn = {
    config: { name: 'demo' },
    catalog: { tools: [{ ui: { resourceUri: URI } }] },
    readResource: () =>
      new Promise((resolve) => {
        reads.push(() =>
          resolve({
            contents: [
              {
                uri: URI,
                mimeType: 'text/html;profile=mcp-app',
                text: '<p>hi</p>',
                _meta: { ui: { permissions: { camera: {} } } },
              },
            ],
          }),
        );
      }),
  };
  return { conn: conn as unknown as ServerConnection, reads };
}

describe('readUiResourceNow: the chat stream never waits for a view', () => {
  it('answers only once a read has finished, and never starts one', async () => {
    const { conn, reads } = connection();
    expect(readUiResourceNow(conn, URI)).toBeUndefined();
    expect(reads).toHaveLength(0);
    const read = cachedUiResource(conn, URI);
    expect(readUiResourceNow(conn, URI)).toBeUndefined();
    reads[0]?.();
    await read;
    expect(readUiResourceNow(conn, URI)?.permissions).toEqual({ camera: {} });
  });

  it('forgets what it read when the server lists a new catalog', async () => {
    const { conn, reads } = connection();
    const read = cachedUiResource(conn, URI);
    reads[0]?.();
    await read;
    (conn as { catalog: unknown }).catalog = { tools: [{ ui: { resourceUri: URI } }] };
    expect(readUiResourceNow(conn, URI)).toBeUndefined();
  });
});

/** The route's answer, as the browser reads it. */
function json(parts: Uint8Array[]): Record<string, unknown> {
  return JSON.parse(Buffer.concat(parts).toString('utf8'));
}

describe('the view as the browser gets it (its HTML escaped and hashed once per read)', () => {
  const resource: UiResource = {
    uri: URI,
    html: '<script>let s = "a\\"b</script>\u2028\u0000 é ✓ \ud83d\ude00',
    csp: { connectDomains: ['https://api.example'] },
    permissions: {},
    prefersBorder: false,
    notes: ['from the read'],
  };

  it('is the resource and what the route adds, as JSON any parser reads back', () => {
    for (const extra of [{}, { sandboxOrigin: 'http://a.sandbox.localhost', notes: ['changed'] }]) {
      expect(json(uiResourceJson(resource, extra))).toEqual({ ...resource, ...extra });
    }
  });

  it('answers each request with its own additions, not those of the first', () => {
    expect(json(uiResourceJson(resource, { sandboxTicket: 'one' })).sandboxTicket).toBe('one');
    expect(json(uiResourceJson(resource, { sandboxTicket: 'two' })).sandboxTicket).toBe('two');
  });

  it('an addition cannot replace the HTML', () => {
    expect(json(uiResourceJson(resource, { html: '<p>other</p>' })).html).toBe(resource.html);
  });

  it("hashes the view's HTML as the pins do, per read", () => {
    expect(uiResourceHash(resource)).toBe(viewHash(resource.html));
    const changed = { ...resource, html: `${resource.html} ` };
    expect(uiResourceHash(changed)).toBe(viewHash(changed.html));
    expect(uiResourceHash(changed)).not.toBe(uiResourceHash(resource));
  });
});
