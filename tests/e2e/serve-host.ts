import { rmSync } from 'node:fs';

// Each e2e run starts from an empty database.
if (process.env.DATA_DIR) rmSync(process.env.DATA_DIR, { recursive: true, force: true });
await import('../../scripts/start');
