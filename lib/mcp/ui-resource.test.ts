import { describe, expect, it } from 'vitest';
import type { ServerConnection } from './connection';
import { cachedUiResource, readUiResourceNow } from './ui-resource';

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
