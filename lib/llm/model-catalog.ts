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
  return { ok: true, option: pick, model: languageModelFor(pick, process.env) };
}
