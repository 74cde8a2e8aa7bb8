import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { extensionContent, readableForClient } from './extension-content';

const reference = {
  type: 'secret_reference',
  id: 'ref-1',
  label: 'API key',
  redeemUrl: 'http://127.0.0.1:1/redeem',
};
const text = { type: 'text', text: 'Your key is ready.' };
const answer = (content: unknown[]): JSONRPCMessage =>
  ({ jsonrpc: '2.0', id: 7, result: { resultType: 'complete', content } }) as JSONRPCMessage;

describe('sensitive-output 4: a secret_reference item on the v2 client', () => {
  it('the client is given the result with the item as an empty text, the rest as it came', () => {
    expect(readableForClient(answer([text, reference]))).toEqual(answer([text, { type: 'text', text: '' }]));
  });

  it('the host reads the content as the server sent it', () => {
    expect(extensionContent(answer([text, reference]))).toEqual([text, reference]);
  });

  it('a result without one, an error, a request: untouched and not read', () => {
    const plain = answer([text]);
    expect(readableForClient(plain)).toBe(plain);
    expect(extensionContent(plain)).toBeUndefined();
    const error = { jsonrpc: '2.0', id: 7, error: { code: -32602, message: 'no' } } as JSONRPCMessage;
    expect(readableForClient(error)).toBe(error);
    expect(extensionContent(error)).toBeUndefined();
    expect(extensionContent(undefined)).toBeUndefined();
  });

  it('any other unknown item is left for the client to refuse, as before', () => {
    const odd = answer([text, { type: 'hologram' }]);
    expect(readableForClient(odd)).toBe(odd);
    expect(extensionContent(odd)).toBeUndefined();
  });
});
