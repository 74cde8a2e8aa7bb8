import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrossAppAccessProvider } from './cross-app-provider';

/** A local identity provider's token endpoint: answers RFC 8693 exchanges, records what it got. */
let idp: Server;
let idpUrl: URL;
const received: URLSearchParams[] = [];
let refuse = false;

function body(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    request.on('end', () => resolve(text));
  });
}

beforeAll(async () => {
  idp = createServer(async (request, response) => {
    const params = new URLSearchParams(await body(request));
    received.push(params);
    response.setHeader('content-type', 'application/json');
    if (refuse) {
      response.statusCode = 400;
      response.end(JSON.stringify({ error: 'invalid_grant' }));
      return;
    }
    response.end(
      JSON.stringify({
        access_token: 'id-jag-for-the-as',
        issued_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
        token_type: 'N_A',
      }),
    );
  });
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  idpUrl = new URL(`http://127.0.0.1:${(idp.address() as AddressInfo).port}/token`);
});

afterAll(() => new Promise<void>((resolve) => idp.close(() => resolve())));

function provider() {
  const p = new CrossAppAccessProvider({
    clientId: 'host-at-as',
    clientSecret: 's3cret',
    clientName: 'MCPlet Host',
    idpTokenEndpoint: idpUrl,
    idpClientId: 'host-at-idp',
    idToken: 'the-users-id-token',
    serverUrl: new URL('http://localhost:4100/mcp'),
    fetchFn: (input, init) => fetch(input, init),
  });
  return p;
}

describe('SEP-990 cross-app access (enterprise-managed authorization)', () => {
  it('exchanges the ID token at the identity provider for an ID-JAG naming the authorization server and resource, then asks for a jwt-bearer grant', async () => {
    const p = provider();
    p.saveDiscoveryState({
      authorizationServerUrl: 'http://localhost:4200/',
      resourceMetadata: { resource: 'http://localhost:4100/mcp' },
      authorizationServerMetadata: {
        issuer: 'http://localhost:4200',
        authorization_endpoint: 'http://localhost:4200/authorize',
        token_endpoint: 'http://localhost:4200/token',
        response_types_supported: ['code'],
      },
    });
    const grant = await p.prepareTokenRequest('mcp:read');
    expect(Object.fromEntries(received.at(-1) ?? [])).toEqual({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
      audience: 'http://localhost:4200',
      resource: 'http://localhost:4100/mcp',
      subject_token: 'the-users-id-token',
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      client_id: 'host-at-idp',
      scope: 'mcp:read',
    });
    expect(Object.fromEntries(grant)).toEqual({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: 'id-jag-for-the-as',
      scope: 'mcp:read',
    });
    expect(p.redirectUrl).toBeUndefined();
    expect(p.clientInformation()).toEqual({ client_id: 'host-at-as', client_secret: 's3cret' });
  });

  it('asks nothing of the identity provider before the authorization server is known, and reports a refusal plainly', async () => {
    const p = provider();
    const before = received.length;
    await expect(p.prepareTokenRequest()).rejects.toThrow(/not discovered/);
    expect(received.length).toBe(before);
    p.saveDiscoveryState({
      authorizationServerUrl: 'http://localhost:4200/',
      authorizationServerMetadata: {
        issuer: 'http://localhost:4200',
        authorization_endpoint: 'http://localhost:4200/authorize',
        token_endpoint: 'http://localhost:4200/token',
        response_types_supported: ['code'],
      },
    });
    refuse = true;
    try {
      await expect(p.prepareTokenRequest()).rejects.toThrow(
        'the identity provider refused the token exchange (HTTP 400, invalid_grant)',
      );
    } finally {
      refuse = false;
    }
  });
});
