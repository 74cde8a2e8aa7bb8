import { beforeEach, describe, expect, it } from 'vitest';
import { useCallsInFlight } from './calls-in-flight';

describe('calls in flight (how often the page asks for elicitations)', () => {
  beforeEach(() => useCallsInFlight.setState({ count: 0 }));

  it('counts each call once, however often its end is reported', () => {
    const one = useCallsInFlight.getState().begin();
    const two = useCallsInFlight.getState().begin();
    expect(useCallsInFlight.getState().count).toBe(2);
    one();
    one();
    expect(useCallsInFlight.getState().count).toBe(1);
    two();
    expect(useCallsInFlight.getState().count).toBe(0);
  });
});
