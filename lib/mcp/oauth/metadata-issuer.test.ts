import { describe, expect, it } from 'vitest';
import {
  checkMetadataIssuer,
  issuerMatches,
  issuerOfMetadataUrl,
  MetadataIssuerError,
} from './metadata-issuer';

describe('RFC 8414 section 3.3: the issuer of authorization server metadata', () => {
  it('the server a metadata URL was built from: the well-known path inserted before the path, or (OpenID) after it', () => {
    const of = (url: string) => issuerOfMetadataUrl(new URL(url));
    expect(of('https://as.example/.well-known/oauth-authorization-server')).toBe('https://as.example');
    expect(of('https://as.example/.well-known/oauth-authorization-server/tenant/1')).toBe(
      'https://as.example/tenant/1',
    );
    expect(of('https://as.example/.well-known/openid-configuration/tenant')).toBe(
      'https://as.example/tenant',
    );
    expect(of('https://as.example/tenant/.well-known/openid-configuration')).toBe(
      'https://as.example/tenant',
    );
    expect(of('https://as.example/.well-known/openid-configuration')).toBe('https://as.example');
    expect(of('https://rs.example/.well-known/oauth-protected-resource/mcp')).toBeUndefined();
    expect(of('https://as.example/.well-known/oauth-authorization-server-evil')).toBeUndefined();
    expect(of('https://as.example/token')).toBeUndefined();
  });

  it('identical, but for one terminating "/" and the spelling of scheme, host and default port; nothing else', () => {
    expect(issuerMatches('https://as.example', 'https://as.example/')).toBe(true);
    expect(issuerMatches('https://AS.example:443/tenant/', 'https://as.example/tenant')).toBe(true);
    expect(issuerMatches('https://attacker.example', 'https://as.example')).toBe(false);
    expect(issuerMatches('https://as.example/other', 'https://as.example')).toBe(false);
    expect(issuerMatches('https://as.example/Tenant', 'https://as.example/tenant')).toBe(false);
    expect(issuerMatches('http://as.example', 'https://as.example')).toBe(false);
    expect(issuerMatches('https://as.example?x=1', 'https://as.example')).toBe(false);
    expect(issuerMatches('not a url', 'not a url')).toBe(false);
  });

  it("no exception for a 2025-03-26 layout: metadata at the MCP server's root naming another path is refused too", () => {
    expect(issuerMatches('https://mcp.example/oauth', 'https://mcp.example/')).toBe(false);
  });

  it('a metadata document naming another issuer throws before the SDK reads it; any other answer passes whole', async () => {
    const url = new URL('https://as.example/.well-known/oauth-authorization-server');
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    await expect(
      checkMetadataIssuer(url, json({ issuer: 'https://attacker.example' })),
    ).rejects.toBeInstanceOf(MetadataIssuerError);
    const own = await checkMetadataIssuer(url, json({ issuer: 'https://as.example', token_endpoint: 't' }));
    expect(own.headers.get('content-type')).toBe('application/json');
    expect(await own.json()).toEqual({ issuer: 'https://as.example', token_endpoint: 't' });
    const missing = json({ error: 'nope' }, 404);
    expect(await checkMetadataIssuer(url, missing)).toBe(missing);
    const other = json({ issuer: 'https://attacker.example' });
    expect(await checkMetadataIssuer(new URL('https://as.example/token'), other)).toBe(other);
    expect(await (await checkMetadataIssuer(url, new Response('not json'))).text()).toBe('not json');
  });
});
