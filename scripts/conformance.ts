/**
 * `npm run conformance`: the official MCP conformance suite's client scenarios (every one of the
 * pinned version: core, auth, back-compat, draft and extensions) against the host's own client path
 * (scripts/conformance-client.ts), one scenario at a time (suite mode is flaky on 2 cores).
 * The runner needs Node 22 (fs.globSync); see node22().
 *
 *   npm run conformance [-- <scenario> ...] [-- --verbose]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cachedNode } from './cached-node';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '..');
const ADAPTER = 'node --conditions=react-server --import tsx scripts/conformance-client.ts';
const SCENARIO_TIMEOUT_MS = 60_000;

const NODE_VERSION = '22.23.3';

/** The runner's Node 22 (scripts/cached-node.ts), unless CONFORMANCE_NODE names one or this Node is 22+. */
function node22(): string {
  const fromEnv = process.env.CONFORMANCE_NODE;
  if (fromEnv) return fromEnv;
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  try {
    return cachedNode(root, NODE_VERSION, 'the conformance runner');
  } catch (error) {
    throw new Error(
      `${error instanceof Error ? error.message : error}; set CONFORMANCE_NODE to a Node 22 binary.`,
    );
  }
}

const cli = require.resolve('@modelcontextprotocol/conformance/dist/index.js');

function run(node: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [cli, ...args], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), SCENARIO_TIMEOUT_MS + 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

async function clientScenarios(node: string): Promise<string[]> {
  const { output } = await run(node, ['list', '--client']);
  return [...output.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1] as string);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the runner's colour codes
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

async function main(): Promise<void> {
  const node = node22();
  const args = process.argv.slice(2);
  const verbose = args.includes('--verbose');
  const asked = args.filter((a) => !a.startsWith('--'));
  const scenarios = asked.length > 0 ? asked : await clientScenarios(node);
  const outDir = mkdtempSync(path.join(tmpdir(), 'mcp-conformance-'));
  const failed: string[] = [];
  console.log(
    `MCP conformance ${require('@modelcontextprotocol/conformance/package.json').version}: ${scenarios.length} client scenarios, one at a time`,
  );
  for (const scenario of scenarios) {
    const started = Date.now();
    const { code, output } = await run(node, [
      'client',
      '--command',
      ADAPTER,
      '--scenario',
      scenario,
      '--timeout',
      String(SCENARIO_TIMEOUT_MS),
      '-o',
      outDir,
    ]);
    const text = plain(output);
    const passed = code === 0 && /OVERALL: PASSED/.test(text);
    const summary = text.match(/Passed: \d+\/\d+, \d+ failed, \d+ warnings/)?.[0] ?? 'no summary';
    console.log(`${passed ? 'pass' : 'FAIL'}  ${scenario}  (${summary}, ${Date.now() - started} ms)`);
    if (!passed) failed.push(scenario);
    if (!passed || verbose) {
      const lines = text.split('\n').filter((l) => /FAILURE|WARNING|Error|error:/.test(l));
      for (const line of lines.slice(0, 20)) console.log(`      ${line.trim().slice(0, 400)}`);
    }
  }
  console.log(`\nConformance: ${scenarios.length - failed.length} passed, ${failed.length} failed`);
  if (failed.length > 0) {
    console.log(`Failed: ${failed.join(', ')} (results in ${outDir})`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
