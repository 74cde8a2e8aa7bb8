import { describe, expect, it } from 'vitest';
import { clientIdUrl } from './client-id';

describe('SEP-991: the host’s client id URL', () => {
  it('is the document the host serves when it is reached over https', () => {
    expect(clientIdUrl({ PUBLIC_ORIGIN: 'https://chat.example.com' })).toBe(
      'https://chat.example.com/oauth/client-metadata.json',
    );
  });

  it('is absent over plain http (the host registers dynamically instead)', () => {
    expect(clientIdUrl({})).toBeUndefined();
    expect(clientIdUrl({ PUBLIC_ORIGIN: 'http://localhost:3000' })).toBeUndefined();
  });

  it('may be published elsewhere, over https with a path only', () => {
    expect(
      clientIdUrl({
        PUBLIC_ORIGIN: 'http://localhost:3000',
        OAUTH_CLIENT_ID_URL: 'https://id.example.com/host.json',
      }),
    ).toBe('https://id.example.com/host.json');
    expect(() => clientIdUrl({ OAUTH_CLIENT_ID_URL: 'http://id.example.com/host.json' })).toThrow(/https/);
    expect(() => clientIdUrl({ OAUTH_CLIENT_ID_URL: 'https://id.example.com/' })).toThrow(/path/);
  });
});
