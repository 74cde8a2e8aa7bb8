/** The demo MCPlet servers `npm start` runs and the host registers in local mode. */
export interface DemoServer {
  id: string;
  name: string;
  /** Entry file, run with tsx. */
  entry: string;
  /** Offset from DEMO_PORT_BASE. */
  portOffset: number;
}

export const DEMO_SERVERS: DemoServer[] = [
  { id: 'restaurant', name: 'Restaurant (demo MCPlet)', entry: 'servers/restaurant/main.ts', portOffset: 0 },
  { id: 'vault', name: 'Vault (demo MCPlet)', entry: 'servers/vault/main.ts', portOffset: 1 },
];

export function demoPortBase(env: Record<string, string | undefined> = process.env): number {
  const base = Number(env.DEMO_PORT_BASE ?? 3401);
  if (!Number.isInteger(base) || base < 1024 || base > 65000)
    throw new Error('DEMO_PORT_BASE must be a port number');
  return base;
}

export function demoServerUrl(
  server: DemoServer,
  env: Record<string, string | undefined> = process.env,
): string {
  return `http://127.0.0.1:${demoPortBase(env) + server.portOffset}/mcp`;
}
