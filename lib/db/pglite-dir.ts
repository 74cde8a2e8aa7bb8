// No `import 'server-only'`: scripts/start.ts asks where the database lives before Next runs, outside
// the react-server condition. Nothing here reaches a client bundle (no component imports it).
import { join } from 'node:path';

/** Where the embedded database lives: `$DATA_DIR/pglite` (DATA_DIR defaults to `.data`). */
export function pgliteDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.DATA_DIR ?? join(process.cwd(), '.data'), 'pglite');
}
