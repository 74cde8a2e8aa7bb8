import { describe, expect, it } from 'vitest';
import { conformanceSettings, sampleArguments } from '../../scripts/conformance-settings';

describe('the conformance adapter’s settings (what an operator would configure)', () => {
  it('client credentials, pre-registration and cross-app access come from the runner’s context, secrets only in the environment', () => {
    const basic = conformanceSettings(
      'auth/client-credentials-basic',
      JSON.stringify({ name: 'auth/client-credentials-basic', client_id: 'c', client_secret: 's' }),
    );
    expect(basic.oauth).toEqual({
      grant: 'client_credentials',
      clientId: 'c',
      clientSecretEnv: 'CONFORMANCE_CLIENT_SECRET',
    });
    expect(basic.env.CONFORMANCE_CLIENT_SECRET).toBe('s');
    expect(JSON.stringify(basic.oauth)).not.toContain('"s"');
    const cross = conformanceSettings(
      'auth/cross-app-access-complete-flow',
      JSON.stringify({
        client_id: 'c',
        client_secret: 's',
        idp_client_id: 'i',
        idp_id_token: 't',
        idp_token_endpoint: 'http://localhost:1/token',
      }),
    );
    expect(cross.oauth).toMatchObject({
      grant: 'cross_app_access',
      idp: { idTokenEnv: 'CONFORMANCE_ID_TOKEN' },
    });
    expect(cross.env.CONFORMANCE_ID_TOKEN).toBe('t');
    expect(() => conformanceSettings('auth/pre-registration', undefined)).toThrow(/MCP_CONFORMANCE_CONTEXT/);
    expect(conformanceSettings('initialize', undefined).oauth).toBeUndefined();
  });

  it('sample arguments fill each required property with a value of its type', () => {
    expect(
      sampleArguments({
        type: 'object',
        properties: {
          a: { type: 'number' },
          b: { type: 'integer' },
          c: { type: 'string' },
          d: { type: 'boolean' },
        },
        required: ['a', 'b', 'c', 'd'],
      }),
    ).toEqual({ a: 2, b: 2, c: 'x', d: true });
    expect(sampleArguments({ type: 'object', properties: { a: { type: 'number' } } })).toEqual({});
  });
});
