import type { ModelOption, ProviderId } from './providers';

/**
 * The media types a model takes in a user's attachment, beside text (which the host turns into
 * words for any model). A hosted provider's chat models read images and PDFs; a server behind the
 * OpenAI-compatible API or Ollama may or may not (a vision model does, most do not), so those take
 * none until the operator lists a model's in `models.inputs` (host config), which wins for the model.
 */
const PROVIDER_INPUTS: Record<ProviderId, readonly string[]> = {
  openai: ['image/*', 'application/pdf'],
  anthropic: ['image/*', 'application/pdf'],
  google: ['image/*', 'application/pdf'],
  'openai-compatible': [],
  ollama: [],
};

export function modelInputs(
  model: Pick<ModelOption, 'id' | 'provider'>,
  configured: Readonly<Record<string, readonly string[]>>,
): string[] {
  return [...(configured[model.id] ?? PROVIDER_INPUTS[model.provider])];
}
