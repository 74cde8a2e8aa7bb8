import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelsFromEnv, ollamaBaseUrl, probeOllama } from './providers';

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
