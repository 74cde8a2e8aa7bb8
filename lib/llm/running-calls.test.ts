import { describe, expect, it } from 'vitest';
import { CallCancelledError, cancelRunningCall, runningCall } from './running-calls';

describe("Cancel on a card ends that call alone (MCP utilities/cancellation, the user's side)", () => {
  it('cancels the one call named, for its user and conversation only', () => {
    const one = runningCall('alice', 'c1', 'call-1');
    const two = runningCall('alice', 'c1', 'call-2');
    expect(cancelRunningCall('bob', 'c1', 'call-1')).toBe(false);
    expect(cancelRunningCall('alice', 'c2', 'call-1')).toBe(false);
    expect(one.signal.aborted).toBe(false);
    expect(cancelRunningCall('alice', 'c1', 'call-1')).toBe(true);
    expect(one.signal.aborted).toBe(true);
    expect(one.signal.reason).toBeInstanceOf(CallCancelledError);
    expect(two.signal.aborted).toBe(false);
    one.done();
    two.done();
  });

  it('Stop of the turn cancels its calls; a call that ended cannot be cancelled', () => {
    const turn = new AbortController();
    const call = runningCall('alice', 'c3', 'call-1', turn.signal);
    turn.abort();
    expect(call.signal.aborted).toBe(true);
    call.done();
    expect(cancelRunningCall('alice', 'c3', 'call-1')).toBe(false);
  });
});
