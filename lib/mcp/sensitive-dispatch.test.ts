import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SECRET, AWS_KEY, JWT, startSensitiveServer } from '../../tests/fixtures/mcp/sensitive-server';
import { dispatch } from './dispatch';
import { McpRegistry } from './registry';

let registry: McpRegistry;
let close: () => Promise<void>;
const session = { userId: 'local' };

beforeAll(async () => {
  const served = await startSensitiveServer();
  registry = new McpRegistry(new Set());
  await registry
    .start({
      id: 'vault',
      name: 'Vault',
      transport: { type: 'http', url: served.url },
      admission: 'strict',
      source: 'config',
    })
    .connect();
  close = async () => {
    await registry.closeAll();
    await served.close();
  };
});

afterAll(() => close());

const call = (toolName: string) =>
  dispatch(registry, { serverId: 'vault', toolName, args: {}, surface: { kind: 'model' }, session });

describe('the one call path redacts for the model and masks the preview log', () => {
  it('admission keeps sensitiveHint and the outputSchema x-sensitive marks; the model gets neither the key nor its repetition', async () => {
    const tool = registry.tool('vault', 'create_api_key', session);
    expect(tool?.sensitiveHint).toBe(true);
    expect(tool?.outputSchema).toMatchObject({ properties: { key: { 'x-sensitive': true } } });
    const outcome = await call('create_api_key');
    expect(outcome.result?.structuredContent).toEqual({ id: 'k_1', key: API_SECRET });
    expect(JSON.stringify(outcome.modelContent)).not.toContain(API_SECRET);
    expect(JSON.stringify(outcome.model)).not.toContain(API_SECRET);
    expect(outcome.withheld?.values).toContain(API_SECRET);
    expect(JSON.stringify(outcome.exchange?.())).not.toContain(API_SECRET);
    expect(JSON.stringify(outcome.exchange?.())).toContain('k_1');
  });

  it('credentials in an unmarked result are withheld and masked in the exchange, with their reasons', async () => {
    const outcome = await call('env_dump');
    const seen = JSON.stringify([outcome.modelContent, outcome.model, outcome.exchange?.()]);
    for (const value of [AWS_KEY, JWT]) expect(seen).not.toContain(value);
    expect(seen).toContain('REGION=eu-west-1');
    expect(outcome.withheld?.reasons.map((r) => r.detail)).toEqual([
      'an AWS access key id',
      'a JSON Web Token',
    ]);
    expect(JSON.stringify(outcome.result)).toContain(AWS_KEY);
  });
});
