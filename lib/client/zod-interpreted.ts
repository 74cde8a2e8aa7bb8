/** Where zod keeps its settings, shared by every copy of zod in the realm (zod/v4/core's `globalConfig`). */
const ZOD_CONFIG = '__zod_globalConfig';

/**
 * zod in the page parses without compiling: the view bridge's zod (the MCP SDK's message and
 * params schemas) parses a handful of messages per schema while a view boots, and compiling each
 * schema to a function on its first parse cost more of the page's main thread than the compiled
 * parses saved. zod reads the setting as each schema is made, so this runs before the
 * page's own code (instrumentation-client.ts), and writes zod's shared settings object rather than
 * import zod's `config` (which would bring zod's core into the page's first load; the unit test
 * holds the two to be one object). In the browser only: the server parses many messages per schema.
 */
export function parseZodInterpreted(realm: Record<string, unknown> = globalThis): void {
  if (!('window' in realm)) return;
  const settings = realm[ZOD_CONFIG];
  if (typeof settings === 'object' && settings !== null) Object.assign(settings, { jitless: true });
  else realm[ZOD_CONFIG] = { jitless: true };
}
