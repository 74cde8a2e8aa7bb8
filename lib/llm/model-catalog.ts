import 'server-only';
import type { LanguageModel } from 'ai';
import {
  languageModelFor,
  type ModelCatalog,
  type ModelOption,
  modelsFromEnv,
  ollamaBaseUrl,
  probeOllama,
} from './providers';

const OLLAMA_CACHE_MS = 30_000;
const cache = globalThis as unknown as { __mcpletOllama?: { at: number; models: ModelOption[] } };

export async function modelCatalog(env = process.env): Promise<ModelCatalog> {
  const configured = modelsFromEnv(env);
  if (configured.length > 0) return { models: configured, source: 'environment' };
  const now = Date.now();
  if (!cache.__mcpletOllama || now - cache.__mcpletOllama.at > OLLAMA_CACHE_MS) {
    cache.__mcpletOllama = { at: now, models: await probeOllama(ollamaBaseUrl(env)) };
  }
  const local = cache.__mcpletOllama.models;
  if (local.length > 0)
    return { models: local, source: 'ollama', note: `Using the local Ollama at ${ollamaBaseUrl(env)}.` };
  return { models: [], source: 'none' };
}

export type ModelChoice =
  | { ok: true; option: ModelOption; model: LanguageModel }
  | { ok: false; reason: string };

/** Resolves the client's requested model against what the server has configured; never trusts an unlisted id. */
export async function chooseModel(
  requested: string | undefined,
  preferred: string | undefined,
): Promise<ModelChoice> {
  const { models } = await modelCatalog();
  if (models.length === 0) return { ok: false, reason: 'No model is configured.' };
  const pick =
    models.find((m) => m.id === requested) ??
    models.find((m) => m.id === preferred) ??
    (models[0] as ModelOption);
  if (requested && pick.id !== requested) {
    return {
      ok: false,
      reason: `The model "${requested}" is not configured on this host. Pick one from the list.`,
    };
  }
  return { ok: true, option: pick, model: modelFor(pick, process.env) };
}

/** The settings a provider is built from: a model is rebuilt only when one of them changes. */
const PROVIDER_SETTINGS = [
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'ANTHROPIC_API_KEY',
  'GOOGLE_GENERATIVE_AI_API_KEY',
  'LLM_BASE_URL',
  'LLM_API_KEY',
  'OLLAMA_BASE_URL',
] as const;
const models = globalThis as unknown as { __mcpletModels?: Map<string, LanguageModel> };

/** One provider instance per model and settings, not one per turn. */
function modelFor(option: ModelOption, env: NodeJS.ProcessEnv): LanguageModel {
  models.__mcpletModels ??= new Map();
  const key = [option.id, ...PROVIDER_SETTINGS.map((name) => env[name] ?? '')].join('\u0000');
  let model = models.__mcpletModels.get(key);
  if (!model) {
    model = languageModelFor(option, env);
    if (models.__mcpletModels.size > 50) models.__mcpletModels.clear();
    models.__mcpletModels.set(key, model);
  }
  return model;
}
