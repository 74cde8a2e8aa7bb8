import { describe, expect, it } from 'vitest';
import { asyncContextFlags, HOST_NODE_VERSION, hostNodeChoice } from './host-node';

describe('the Node the host server runs on', () => {
  it('is Node 26 from the cache when npm start runs on an older Node', () => {
    expect(hostNodeChoice({}, '20.19.5')).toEqual({ kind: 'cached', version: HOST_NODE_VERSION });
    expect(hostNodeChoice({ HOST_NODE: '' }, '24.21.0')).toEqual({
      kind: 'cached',
      version: HOST_NODE_VERSION,
    });
    expect(HOST_NODE_VERSION.split('.')[0]).toBe('26');
  });

  it("is npm start's own Node when that is 26 or later", () => {
    expect(hostNodeChoice({}, '26.0.0')).toEqual({ kind: 'current' });
    expect(hostNodeChoice({}, '27.1.0')).toEqual({ kind: 'current' });
    expect(hostNodeChoice({}, '25.2.1')).toEqual({ kind: 'cached', version: HOST_NODE_VERSION });
  });

  it('is what HOST_NODE names: current, or a binary', () => {
    expect(hostNodeChoice({ HOST_NODE: 'current' }, '20.19.5')).toEqual({ kind: 'current' });
    expect(hostNodeChoice({ HOST_NODE: ' /opt/node/bin/node ' }, '24.1.0')).toEqual({
      kind: 'binary',
      path: '/opt/node/bin/node',
    });
  });

  it('turns on async context frames where a Node has them behind a flag (22.7 to 23), nowhere else', () => {
    const flag = ['--experimental-async-context-frame'];
    expect(asyncContextFlags('22.7.0')).toEqual(flag);
    expect(asyncContextFlags('22.23.3')).toEqual(flag);
    expect(asyncContextFlags('23.11.1')).toEqual(flag);
    for (const refused of ['20.19.5', '21.7.3', '22.6.0']) expect(asyncContextFlags(refused)).toEqual([]);
    for (const on of ['24.0.0', '24.21.0', '25.2.1']) expect(asyncContextFlags(on)).toEqual([]);
  });
});
