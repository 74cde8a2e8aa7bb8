import { afterEach, describe, expect, it } from 'vitest';
import { viewCallContext } from './view-tool-api';
import { rememberView, resetViewTools } from './view-tools';

const user = { id: 'u1', displayName: 'U' };
const call = { serverId: 'gated', surface: 'app' as const, conversationId: 'conv_1', viewId: 'call_1' };

afterEach(() => resetViewTools());

describe("a view's call is placed only from the server's own records", () => {
  it('names the conversation and view when that view of this server is open there', async () => {
    rememberView(user.id, 'conv_1', {
      viewId: 'call_1',
      serverId: 'gated',
      toolName: 'x',
      viewTitle: 'Gated: x',
    });
    expect(await viewCallContext(user, call)).toEqual({ conversationId: 'conv_1', viewId: 'call_1' });
  });

  it('a view of another server, a malformed or missing id, or a model-surface call gets no context', async () => {
    rememberView(user.id, 'conv_1', {
      viewId: 'call_1',
      serverId: 'other',
      toolName: 'x',
      viewTitle: 'Other: x',
    });
    expect(await viewCallContext(user, call)).toEqual({});
    expect(await viewCallContext(user, { ...call, surface: 'model' })).toEqual({});
    expect(await viewCallContext(user, { ...call, conversationId: '../conv_2', viewId: 'call_2' })).toEqual(
      {},
    );
    expect(await viewCallContext(user, { ...call, conversationId: undefined })).toEqual({});
  });
});
