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
    exchange: { request: { method: 'tools/call' }, response: { result } },
    sent: true,
    durationMs: 3,
  } as unknown as DispatchResult;
}

describe('issue 14: what the browser receives of a call it proposed', () => {
  it('keeps the decision, envelope, result and exchange; what was kept for the model stays on the server', () => {
    const response = toCallResponse(dispatched());
    expect(Object.keys(response).sort()).toEqual(
      ['decision', 'durationMs', 'envelope', 'exchange', 'result', 'sent'].sort(),
    );
    expect(JSON.stringify(response)).not.toContain('[withheld]');
    expect(JSON.stringify(response)).not.toContain('sensitiveHint');
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
    expect(toCallResponse(refused)).toEqual({
      decision: refused.decision,
      envelope: refused.envelope,
      sent: false,
      durationMs: 3,
    });
  });
});
