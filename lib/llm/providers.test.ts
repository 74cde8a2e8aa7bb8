import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { streamText } from 'ai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeLlm } from '../../tests/fixtures/fake-llm/server';
import { languageModelFor, modelsFromEnv, ollamaBaseUrl, probeOllama } from './providers';

describe('models from the environment', () => {
  it('lists nothing when nothing is set', () => {
    expect(modelsFromEnv({})).toEqual([]);
  });

  it('lists an OpenAI-compatible server with comma-separated models first, then hosted providers', () => {
    const ids = modelsFromEnv({
      LLM_BASE_URL: 'http://127.0.0.1:8000/v1',
      LLM_MODEL: 'qwen3, llama3.2 ,',
      OPENAI_API_KEY: 'k',
      ANTHROPIC_API_KEY: 'k',
      ANTHROPIC_MODELS: 'claude-x',
      GOOGLE_GENERATIVE_AI_API_KEY: 'k',
    }).map((m) => m.id);
    expect(ids).toEqual([
      'openai-compatible:qwen3',
      'openai-compatible:llama3.2',
      'openai:gpt-4.1-mini',
      'anthropic:claude-x',
      'google:gemini-2.5-flash',
    ]);
  });

  it('normalises the Ollama address', () => {
    expect(ollamaBaseUrl({})).toBe('http://127.0.0.1:11434');
    expect(ollamaBaseUrl({ OLLAMA_BASE_URL: 'http://gpu:11434/' })).toBe('http://gpu:11434');
  });
});

describe('Ollama probe', () => {
  let url = '';
  const server = createServer((req, res) => {
    if (req.url === '/api/tags') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ models: [{ name: 'llama3.2:latest' }, { name: 42 }, {}] }));
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('keeps only well-formed model names', async () => {
    expect((await probeOllama(url)).map((m) => m.id)).toEqual(['ollama:llama3.2:latest']);
  });

  it('treats an unreachable address as no Ollama', async () => {
    expect(await probeOllama('http://127.0.0.1:9', 300)).toEqual([]);
  });
});

describe("a model's requests", () => {
  it("go past the global fetch (Next's, in the host) for every provider the environment can point at", async () => {
    const fake = await startFakeLlm();
    fake.scripts.push({ match: 'own fetch', steps: [{ kind: 'text', chunks: ['streamed ', 'here'] }] });
    const global = vi.spyOn(globalThis, 'fetch');
    try {
      const base = `${fake.url}/v1`;
      const env = {
        LLM_BASE_URL: base,
        OPENAI_API_KEY: 'k',
        OPENAI_BASE_URL: base,
        OLLAMA_BASE_URL: fake.url,
      };
      const streamed = async (id: 'openai-compatible' | 'ollama' | 'openai') => {
        const choice = { id: `${id}:fake-model`, provider: id, model: 'fake-model', label: id };
        const result = streamText({
          model: languageModelFor(choice, env),
          prompt: 'own fetch',
          maxRetries: 0,
          onError: () => {},
        });
        let text = '';
        for await (const part of result.stream) {
          if (part.type === 'text-delta') text += part.text;
          if (part.type === 'error')
            return `error: ${part.error instanceof Error ? part.error.message : part.error}`;
        }
        return text;
      };
      expect(await streamed('openai-compatible')).toBe('streamed here');
      expect(await streamed('ollama')).toBe('streamed here');
      // OpenAI's provider speaks its Responses API, which the fake model does not: the fake's 404 came back.
      expect(await streamed('openai')).toMatch(/^error: Not Found/);
      expect(global).not.toHaveBeenCalled();
    } finally {
      global.mockRestore();
      await fake.close();
    }
  });
});
