import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { modelFetch } from '../net/model-fetch';

export type ProviderId = 'openai' | 'anthropic' | 'google' | 'openai-compatible' | 'ollama';

export interface ModelOption {
  /** `provider:model`, the id the client sends back. */
  id: string;
  provider: ProviderId;
  model: string;
  label: string;
}

export interface ModelCatalog {
  models: ModelOption[];
  source: 'environment' | 'ollama' | 'none';
  /** Where the catalog came from or why it is empty, for the UI. */
  note?: string;
}

type Env = Record<string, string | undefined>;

function list(value: string | undefined, fallback: string[]): string[] {
  const items = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length > 0 ? items : fallback;
}

const PROVIDER_LABEL: Record<ProviderId, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  'openai-compatible': 'OpenAI-compatible',
  ollama: 'Ollama',
};

function option(provider: ProviderId, model: string): ModelOption {
  return { id: `${provider}:${model}`, provider, model, label: `${model} (${PROVIDER_LABEL[provider]})` };
}

/** Models named by the environment, in a stable order; no network access. */
export function modelsFromEnv(env: Env): ModelOption[] {
  const models: ModelOption[] = [];
  if (env.LLM_BASE_URL) {
    for (const m of list(env.LLM_MODEL, ['default'])) models.push(option('openai-compatible', m));
  }
  if (env.OPENAI_API_KEY)
    for (const m of list(env.OPENAI_MODELS, ['gpt-4.1-mini'])) models.push(option('openai', m));
  if (env.ANTHROPIC_API_KEY) {
    for (const m of list(env.ANTHROPIC_MODELS, ['claude-sonnet-4-5'])) models.push(option('anthropic', m));
  }
  if (env.GOOGLE_GENERATIVE_AI_API_KEY) {
    for (const m of list(env.GOOGLE_MODELS, ['gemini-2.5-flash'])) models.push(option('google', m));
  }
  return models;
}

export function ollamaBaseUrl(env: Env): string {
  return (env.OLLAMA_BASE_URL ?? 'http://127.0.0.1:11434').replace(/\/+$/, '');
}

/** Asks a local Ollama for its models; any failure means "no Ollama". */
export async function probeOllama(baseUrl: string, timeoutMs = 600): Promise<ModelOption[]> {
  try {
    const response = await fetch(`${baseUrl}/api/tags`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return [];
    const body = (await response.json()) as { models?: Array<{ name?: unknown }> };
    return (body.models ?? [])
      .map((m) => m.name)
      .filter((n): n is string => typeof n === 'string' && n.length > 0)
      .map((n) => option('ollama', n));
  } catch {
    return [];
  }
}

export function languageModelFor(choice: ModelOption, env: Env): LanguageModel {
  switch (choice.provider) {
    case 'openai':
      return createOpenAI({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL, fetch: modelFetch })(
        choice.model,
      );
    case 'anthropic':
      return createAnthropic({ apiKey: env.ANTHROPIC_API_KEY, fetch: modelFetch })(choice.model);
    case 'google':
      return createGoogleGenerativeAI({ apiKey: env.GOOGLE_GENERATIVE_AI_API_KEY, fetch: modelFetch })(
        choice.model,
      );
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: env.LLM_BASE_URL ?? '',
        apiKey: env.LLM_API_KEY,
        fetch: modelFetch,
      }).chatModel(choice.model);
    case 'ollama':
      return createOpenAICompatible({
        name: 'ollama',
        baseURL: `${ollamaBaseUrl(env)}/v1`,
        fetch: modelFetch,
      }).chatModel(choice.model);
  }
}

export const HOW_TO_ADD_A_MODEL = [
  'No model is configured, and no local Ollama answered at its default address.',
  'Set one of these in the environment and restart `npm start`:',
  '- `LLM_BASE_URL` (with `LLM_MODEL`, and `LLM_API_KEY` if needed) for any OpenAI-compatible server: Ollama, vLLM, llama.cpp, LM Studio;',
  '- `OPENAI_API_KEY`, `ANTHROPIC_API_KEY` or `GOOGLE_GENERATIVE_AI_API_KEY` for a hosted provider;',
  '- or start Ollama (`ollama serve`) and pull a model.',
  '',
  "Meanwhile the [developer preview](/preview) calls the connected servers' tools and shows their views, no model needed.",
].join('\n');
