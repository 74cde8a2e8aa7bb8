import { describe, expect, it } from 'vitest';
import { DISPLAY_MODE_ARG, splitDisplayMode } from '../mcplet/display-mode';
import { modelInputSchema } from './host-tools';

describe('11.2 step 2: how a display-mode suggestion reaches the host', () => {
  const schema = { type: 'object', properties: { q: { type: 'string' } }, additionalProperties: false };

  it('adds an optional, host-only property for llm-* tools only', () => {
    const withSuggestion = modelInputSchema(schema, 'llm-fullscreen') as {
      properties: Record<string, { type?: string; enum?: unknown }>;
    };
    // No enum: an invalid suggestion must be ignored by the resolver (11.2), not fail the call.
    expect(withSuggestion.properties[DISPLAY_MODE_ARG]).toMatchObject({ type: 'string' });
    expect(withSuggestion.properties[DISPLAY_MODE_ARG]?.enum).toBeUndefined();
    expect(withSuggestion).not.toHaveProperty('required');
    expect(modelInputSchema(schema, 'fullscreen')).toBe(schema);
    expect(modelInputSchema(schema, undefined)).toBe(schema);
  });

  it('strips the suggestion before the arguments go anywhere else', () => {
    expect(splitDisplayMode({ q: 'x', [DISPLAY_MODE_ARG]: 'pip' })).toEqual({
      args: { q: 'x' },
      suggestion: 'pip',
    });
    expect(splitDisplayMode({ q: 'x' })).toEqual({ args: { q: 'x' }, suggestion: undefined });
    expect(splitDisplayMode('junk')).toEqual({ args: 'junk', suggestion: undefined });
  });
});
