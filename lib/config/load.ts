// No `import 'server-only'`: scripts/start.ts reads the config with this module before Next runs,
// outside the react-server condition. Nothing here reaches a client bundle (no component imports it).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type CredentialPattern, credentialPatterns } from '../trust/credentials';
import { DEFAULT_HOST_CONFIG, type HostConfig, parseHostConfig } from './host-config';

export class HostConfigError extends Error {
  constructor(
    readonly path: string,
    readonly problems: string[],
  ) {
    super(`${path} is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'HostConfigError';
  }
}

export function hostConfigPath(): string {
  return resolve(/*turbopackIgnore: true*/ process.cwd(), process.env.HOST_CONFIG ?? 'host.config.json');
}

/** Reads and validates host.config.json; a missing file means the defaults. Throws HostConfigError naming the field. */
export function loadHostConfig(path = hostConfigPath()): HostConfig {
  if (!existsSync(path)) {
    if (process.env.HOST_CONFIG) throw new HostConfigError(path, ['file not found (set by HOST_CONFIG)']);
    return DEFAULT_HOST_CONFIG;
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new HostConfigError(path, [
      `not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    ]);
  }
  const parsed = parseHostConfig(json);
  if (!parsed.ok) throw new HostConfigError(path, parsed.errors);
  return parsed.config;
}

const cache = globalThis as unknown as { __mcpletHostConfig?: HostConfig };

export function hostConfig(): HostConfig {
  cache.__mcpletHostConfig ??= loadHostConfig();
  return cache.__mcpletHostConfig;
}

const compiled = globalThis as unknown as {
  __mcpletCredentialPatterns?: { config: HostConfig; patterns: readonly CredentialPattern[] };
};

/** The credential formats host.config.json enables (`sensitiveOutput.credentialPatterns`), compiled once. */
export function configuredCredentialPatterns(): readonly CredentialPattern[] {
  const config = hostConfig();
  if (compiled.__mcpletCredentialPatterns?.config !== config)
    compiled.__mcpletCredentialPatterns = {
      config,
      patterns: credentialPatterns(config.sensitiveOutput.credentialPatterns),
    };
  return compiled.__mcpletCredentialPatterns.patterns;
}
