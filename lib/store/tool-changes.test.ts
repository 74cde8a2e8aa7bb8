import { beforeEach, describe, expect, it } from 'vitest';
import { useToolChanges } from './tool-changes';

const echo = { serverId: 'probe', toolName: 'probe_echo' };
const refused = () => useToolChanges.getState().refused;

describe('rug-pull in a view: a changed tool refused to a view, reviewed in its card', () => {
  beforeEach(() => {
    useToolChanges.setState({ refused: [] });
  });

  it('lists a refused tool once, however often a view is refused it before the review', () => {
    useToolChanges.getState().report(echo);
    useToolChanges.getState().report(echo);
    expect(refused()).toEqual([{ ...echo, accepted: false, refusals: 1 }]);
  });

  it('keeps an accepted tool listed, accepted, so its card can say so', () => {
    useToolChanges.getState().report(echo);
    useToolChanges.getState().accepted(echo);
    expect(refused()).toEqual([{ ...echo, accepted: true, refusals: 1 }]);
  });

  it('a refusal after the acceptance (it changed again) is a new review', () => {
    useToolChanges.getState().report(echo);
    useToolChanges.getState().accepted(echo);
    useToolChanges.getState().report(echo);
    expect(refused()).toEqual([{ ...echo, accepted: false, refusals: 2 }]);
  });

  it("accepting one tool leaves another server's tool of the same name as it was", () => {
    const other = { serverId: 'other', toolName: 'probe_echo' };
    useToolChanges.getState().report(echo);
    useToolChanges.getState().report(other);
    useToolChanges.getState().accepted(echo);
    expect(refused().find((r) => r.serverId === 'other')?.accepted).toBe(false);
  });
});
