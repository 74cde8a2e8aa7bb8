// Writes docs/configuration.md from the host's own tables (lib/config/config-doc.ts);
// lib/config/config-doc.test.ts fails while the checked-in page differs.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderConfigDoc } from '../lib/config/config-doc';

const file = join(process.cwd(), 'docs', 'configuration.md');
writeFileSync(file, renderConfigDoc());
console.log(`Wrote ${file}`);
