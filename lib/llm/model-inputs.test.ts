import { describe, expect, it } from 'vitest';
import { modelInputs } from './model-inputs';

describe('what a model takes in an attachment', () => {
  it('follows the provider by default: hosted models read images and PDFs, an OpenAI-compatible one nothing', () => {
    expect(modelInputs({ id: 'openai:gpt-4.1-mini', provider: 'openai' }, {})).toEqual([
      'image/*',
      'application/pdf',
    ]);
    expect(modelInputs({ id: 'anthropic:claude', provider: 'anthropic' }, {})).toContain('image/*');
    expect(modelInputs({ id: 'openai-compatible:llama', provider: 'openai-compatible' }, {})).toEqual([]);
    expect(modelInputs({ id: 'ollama:llava', provider: 'ollama' }, {})).toEqual([]);
  });

  it("takes the operator's list for the model over its provider's", () => {
    const configured = { 'openai-compatible:llava': ['image/png'], 'openai:gpt-4.1-mini': [] };
    expect(modelInputs({ id: 'openai-compatible:llava', provider: 'openai-compatible' }, configured)).toEqual(
      ['image/png'],
    );
    expect(modelInputs({ id: 'openai:gpt-4.1-mini', provider: 'openai' }, configured)).toEqual([]);
  });
});
