import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { promisify } from 'node:util';
import { expect, test } from './fixtures';

/**
 * Outbound requests (docs/security.md, "Outbound requests"): a server at a link-local address (where cloud metadata lives) is refused when it is
 * added over the API: a clear message naming the rule, nothing stored, no connection attempt. A
 * listener on a link-local address proves the last point where the machine lets us bind one.
 */
const LINK_LOCAL = '169.254.77.1';
const run = promisify(execFile);

let listener: Server | null = null;
let connections = 0;
let addedAddress = false;
let port = 9;

function listen(): Promise<Server | null> {
  return new Promise((resolve) => {
    const server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    server.once('error', () => resolve(null));
    server.listen(0, LINK_LOCAL, () => resolve(server));
  });
}

test.beforeAll(async () => {
  listener = await listen();
  if (!listener) {
    // As root the address can be put on the loopback interface for the test; elsewhere it cannot.
    addedAddress = await run('ip', ['addr', 'add', `${LINK_LOCAL}/32`, 'dev', 'lo']).then(
      () => true,
      () => false,
    );
    listener = await listen();
  }
  const address = listener?.address();
  if (address && typeof address === 'object') port = address.port;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
  if (addedAddress) await run('ip', ['addr', 'del', `${LINK_LOCAL}/32`, 'dev', 'lo']).catch(() => {});
});

test.describe('outbound requests: the outbound guard', () => {
  test.describe.configure({ mode: 'serial' });

  test('adding a server at a link-local address over the API is refused with the rule, and nothing connects', async ({
    servers,
    request,
  }) => {
    test.info().annotations.push({
      type: 'listener',
      description: listener
        ? `listening on ${LINK_LOCAL}:${port}`
        : `no listener could be bound on ${LINK_LOCAL}`,
    });
    const decimal = String(169 * 2 ** 24 + 254 * 2 ** 16 + 77 * 256 + 1);
    const spellings = [
      [LINK_LOCAL, `http://${LINK_LOCAL}:${port}/mcp`],
      [LINK_LOCAL, `http://${decimal}:${port}/mcp`],
      ['::ffff:a9fe:4d01 (IPv4-mapped form of 169.254.77.1)', `http://[::ffff:a9fe:4d01]:${port}/mcp`],
      ['169.254.169.254', 'http://169.254.169.254/latest/meta-data/'],
    ] as const;
    for (const [index, [named, url]] of spellings.entries()) {
      const id = `guard-${index}`;
      const { status, body } = await servers.register({ id, transport: { type: 'http', url } });
      expect(status).toBe(422);
      expect(String(body.error)).toContain(
        `Cannot add the server: refused: ${named} is a link-local address`,
      );
      expect(String(body.error)).toContain('the host never connects there');
    }
    const listed = (await (await request.get('/api/servers')).json()) as { servers: Array<{ id: string }> };
    expect(listed.servers.map((s) => s.id).filter((id) => id.startsWith('guard-'))).toEqual([]);
    expect(connections).toBe(0);
  });

  test('the preview form shows the refusal and adds no server card', async ({ preview, page }) => {
    await preview.open();
    await preview.addHttpServer('guard-form', `http://${LINK_LOCAL}:${port}/mcp`);
    await expect(preview.addServerForm().getByRole('alert')).toHaveText(
      `Cannot add the server: refused: ${LINK_LOCAL} is a link-local address (cloud metadata lives there); the host never connects there.`,
    );
    await expect(preview.server('guard-form')).toHaveCount(0);
    await expect(page.getByTestId('server-card').first()).toBeVisible();
    expect(connections).toBe(0);
  });
});
