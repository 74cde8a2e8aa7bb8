import { afterEach, describe, expect, it } from 'vitest';
import { SECRET_BODY, startPlainService } from '../../tests/fixtures/mcp/session-server';
import { McpRegistry } from './registry';
import type { ServerSource } from './server-config';

/** Longer than the first reconnect backoff (500 ms): a retry loop would have tried again. */
const LONGER_THAN_FIRST_RETRY_MS = 1_200;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let registry: McpRegistry | undefined;
const services: Array<{ close(): Promise<void> }> = [];

function start(url: string, source: ServerSource = 'user') {
  registry = new McpRegistry(new Set());
  return registry.start({
    id: 'target',
    name: 'Target',
    transport: { type: 'http', url },
    admission: 'strict',
    source,
  });
}

afterEach(async () => {
  await registry?.closeAll();
  registry = undefined;
  await Promise.all(services.splice(0).map((s) => s.close()));
});

describe('outbound requests: a refused server', () => {
  it('4: a server at the metadata address is refused with the rule and not retried', async () => {
    const connection = start('http://169.254.169.254/mcp');
    await connection.connect();
    expect(connection.status).toBe('refused');
    expect(connection.lastError).toBe(
      'refused: 169.254.169.254 is a link-local address (cloud metadata lives there); the host never connects there',
    );
    await pause(LONGER_THAN_FIRST_RETRY_MS);
    expect(connection.status).toBe('refused');
    expect(connection.log.filter((e) => e.level === 'error')).toHaveLength(1);
  });

  it('4: operator-chosen servers (host.config.json, demo) are refused at link-local addresses too', async () => {
    for (const source of ['config', 'demo'] as const) {
      const connection = start('http://[::ffff:a9fe:a9fe]/mcp', source);
      await connection.connect();
      expect(connection.status).toBe('refused');
      expect(connection.lastError).toMatch(/IPv4-mapped form of 169\.254\.169\.254/);
      await registry?.closeAll();
    }
  });

  it('4: a call to a refused server is answered without touching the network', async () => {
    const connection = start('http://0xa9fea9fe/mcp');
    await connection.connect();
    await expect(connection.callTool('anything', {}, undefined)).rejects.toThrow(
      /^refused: 169\.254\.169\.254/,
    );
  });
});

describe('outbound requests: errors name the rule or the status, never the remote body', () => {
  for (const [status, contentType] of [
    [404, 'text/plain'],
    [500, 'text/html'],
    [403, 'application/json'],
    [200, 'application/json'],
    [200, 'text/html'],
  ] as const) {
    it(`4: a non-MCP service answering ${status} ${contentType}: lastError and log keep its body out`, async () => {
      const service = await startPlainService(status, contentType);
      services.push(service);
      const connection = start(`${service.url}mcp`);
      await connection.connect();
      expect(connection.status).toBe('unavailable');
      expect(service.hits()).toBeGreaterThan(0);
      expect(connection.lastError).not.toContain(SECRET_BODY.slice(0, 6));
      expect(JSON.stringify(connection.log)).not.toContain(SECRET_BODY.slice(0, 6));
      expect(connection.lastError).toMatch(/^could not connect to http:\/\/127\.0\.0\.1:\d+\/mcp: /);
      if (status !== 200) expect(connection.lastError).toContain(`(HTTP ${status})`);
      await registry?.closeAll();
    });
  }
});
