import {
  ClientClosedError,
  ClientOfflineError,
  SocketClosedUnexpectedlyError,
} from '@redis/client/dist/lib/errors';
import { describe, expect, it } from 'vitest';
import { asHostError, HostError, PartUnavailableError, unavailablePartOf } from './host-errors';

/** An error as the production bundle throws it: node-redis minified, its class without its name. */
function minified(message: string): Error {
  const Anonymous = class extends Error {};
  Object.defineProperty(Anonymous, 'name', { value: 'e' });
  const error = new Anonymous(message);
  error.name = 'Error';
  return error;
}

describe('which errors mean a part of the deployment is away', () => {
  it.each([
    ['node-redis offline', new ClientOfflineError()],
    ['node-redis closed', new ClientClosedError()],
    ['node-redis socket closed', new SocketClosedUnexpectedlyError()],
    ['offline, minified', minified('The client is offline')],
    ['closed, minified', minified('The client is closed')],
    ['socket closed, minified', minified('Socket closed unexpectedly')],
  ])('%s is shared state', (_, error) => {
    expect(unavailablePartOf(error)).toBe('shared state');
  });

  it.each([
    ['refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['cut', new Error('Connection terminated unexpectedly')],
    ['no answer', new Error('timeout exceeded when trying to connect')],
    ['shutting down', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['connection exception', Object.assign(new Error('x'), { code: '08006' })],
    ['under a cause', new Error('wrapped', { cause: new Error('Connection terminated unexpectedly') })],
  ])('%s is the database', (_, error) => {
    expect(unavailablePartOf(error)).toBe('database');
  });

  it.each([
    ['a query error', Object.assign(new Error('syntax error'), { code: '42601' })],
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a plain error', new Error('something else')],
    ['a string', 'The client is offline'],
    ['nothing', undefined],
  ])('%s is no part being away', (_, error) => {
    expect(unavailablePartOf(error)).toBeNull();
  });

  it('maps an away part to its 503 with Retry-After, keeps host errors, and leaves others alone', () => {
    const mapped = asHostError(new ClientOfflineError());
    expect(mapped).toBeInstanceOf(PartUnavailableError);
    expect(mapped?.status).toBe(503);
    expect(mapped?.details).toEqual({ part: 'shared state' });
    expect(mapped?.headers['retry-after']).toMatch(/^\d+$/);
    const own = new HostError(409, 'taken');
    expect(asHostError(own)).toBe(own);
    expect(asHostError(new Error('other'))).toBeNull();
  });
});
