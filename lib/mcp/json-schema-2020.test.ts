import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedModern } from '../../tests/fixtures/mcp/modern-registry';
import { FORECAST_INPUT, type ModernServer } from '../../tests/fixtures/mcp/modern-server';
import { modelInputSchema } from '../llm/host-tools';
import { dispatch } from './dispatch';
import { INVALID_OUTPUT_KEY } from './output-check';
import type { McpRegistry } from './registry';

// SEP-2106: tool schemas are any JSON Schema 2020-12, kept as given ($ref not dereferenced) and
// checked in their own dialect, for input and output alike.
const session = { userId: 'local' };
let server: ModernServer;
let registry: McpRegistry;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ server, registry, close } = await connectedModern('weather', 'Weather', 'local'));
});
afterAll(() => close());

const forecast = (args: Record<string, unknown>) =>
  dispatch(registry, {
    serverId: 'weather',
    toolName: 'forecast',
    args,
    surface: { kind: 'model' },
    session,
  });

describe('JSON Schema 2020-12 in tool schemas', () => {
  it('the input schema reaches the model as the server gave it: $defs and $ref as they are', () => {
    const tool = registry.getFor('weather', 'local')?.catalog.tools.find((t) => t.name === 'forecast');
    expect(tool?.inputSchema).toEqual(FORECAST_INPUT);
    // What the model is offered: the same schema (the tool takes no display mode).
    expect(modelInputSchema(tool?.inputSchema ?? {}, tool?.ui?.displayMode)).toEqual(FORECAST_INPUT);
  });

  it('arguments are checked through the $ref: a place without its city is refused before anything is sent', async () => {
    const before = server.seen.filter((r) => r.rpcMethod === 'tools/call').length;
    const refused = await forecast({ place: {} });
    expect(refused).toMatchObject({ sent: false, envelope: { error: { code: 'VALIDATION_ERROR' } } });
    expect(server.seen.filter((r) => r.rpcMethod === 'tools/call').length).toBe(before);
    const done = await forecast({ place: { city: 'Lyon' } });
    expect(done).toMatchObject({ sent: true, envelope: { result: { temperature: 21 } } });
  });

  it('structured content that its outputSchema refuses is not used: a validation error, not a result', async () => {
    const outcome = await forecast({ place: { city: 'Lyon' }, broken: true });
    expect(outcome.sent).toBe(true);
    expect(outcome.envelope).toMatchObject({
      error: {
        code: 'VALIDATION_ERROR',
        message: expect.stringMatching(
          /^Weather returned a result for forecast that does not match its outputSchema: /,
        ),
      },
    });
    expect(JSON.stringify(outcome.envelope)).not.toContain('warm');
    expect(JSON.stringify(outcome.modelContent)).not.toContain('warm');
    // A view still gets the raw result, marked invalid with the reason.
    expect(outcome.result?.structuredContent).toEqual({ city: 'Lyon', temperature: 'warm' });
    expect(outcome.result?._meta?.[INVALID_OUTPUT_KEY]).toMatch(/does not match its outputSchema/);
  });
});
