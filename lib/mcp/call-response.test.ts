import { describe, expect, it } from 'vitest';
import { toCallResponse } from './call-response';
import type { DispatchResult } from './dispatch';

const SECRET = 'sk-live-0123456789abcdef';

// A fixture: the fields toCallResponse reads have their real shapes; the rest is abridged.
function dispatched(): DispatchResult {
  const result = { content: [{ type: 'text' as const, text: `key ${SECRET}` }] };
  return {
    decision: { allow: true, gate: 'none', rule: 'default', reason: 'read tool' },
    envelope: { result, _meta: { mcpletType: 'read', tool: 'make_key' } },
    result,
    model: { content: [{ type: 'text', text: 'key [withheld]' }] },
    modelContent: [{ type: 'text', text: 'key [withheld]' }],
    withheld: { values: [SECRET], reasons: ['sensitiveHint'] },
    exchange: () => ({ request: { method: 'tools/call' }, response: { result } }),
    sent: true,
    durationMs: 3,
  } as unknown as DispatchResult;
}

describe('what the browser receives of a call it proposed', () => {
  it('keeps the decision, envelope, result and, when the preview asks, the exchange; what was kept for the model stays on the server', () => {
    const response = toCallResponse(dispatched(), true);
    expect(Object.keys(response).sort()).toEqual(
      ['decision', 'durationMs', 'envelope', 'exchange', 'result', 'sent'].sort(),
    );
    expect(JSON.stringify(response)).not.toContain('[withheld]');
    expect(JSON.stringify(response)).not.toContain('sensitiveHint');
  });

  it('a view does not ask for the exchange: the answer leaves it out, and it is never built', () => {
    let built = 0;
    const response = toCallResponse(
      {
        ...dispatched(),
        exchange: () => {
          built++;
          return { request: { jsonrpc: '2.0', id: 1, method: 'tools/call' } };
        },
      },
      false,
    );
    expect(Object.keys(response).sort()).toEqual(
      ['decision', 'durationMs', 'envelope', 'result', 'sent'].sort(),
    );
    expect(built).toBe(0);
  });

  it('a refused call keeps its envelope and says it was not sent', () => {
    const refused = {
      ...dispatched(),
      result: undefined,
      exchange: undefined,
      withheld: undefined,
      sent: false,
      envelope: { error: { code: 'FORBIDDEN', message: 'no' }, _meta: {} },
    } as unknown as DispatchResult;
    expect(toCallResponse(refused, true)).toEqual({
      decision: refused.decision,
      envelope: refused.envelope,
      sent: false,
      durationMs: 3,
    });
  });
});
