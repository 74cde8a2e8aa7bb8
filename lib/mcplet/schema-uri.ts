/** 9.3: mcplet://tool-result-schema/{toolId} (v1) or mcplet://tool-result-schema/{toolId}/v{major}. */
export interface SchemaUri {
  toolId: string;
  major: number;
}

const PATTERN = /^mcplet:\/\/tool-result-schema\/([A-Za-z0-9_.-]{1,128})(?:\/v([1-9][0-9]{0,5}))?$/;

export function parseSchemaUri(uri: string): SchemaUri | null {
  const match = PATTERN.exec(uri);
  if (!match?.[1]) return null;
  return { toolId: match[1], major: match[2] ? Number(match[2]) : 1 };
}

export interface SchemaPayload {
  version: number;
  schema: Record<string, unknown>;
  deprecated: boolean;
  deprecatedAt: string | null;
  sunsetDate: string | null;
  createdAt: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * 9.4: reads a schema resource. The recommended payload is `{ version, schema, _meta }`; a bare JSON
 * Schema is accepted as version 1. Returns an error message for anything else.
 */
export function parseSchemaPayload(
  text: string,
  uri: SchemaUri,
): { ok: true; payload: SchemaPayload } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'the schema resource is not valid JSON' };
  }
  if (!isRecord(json)) return { ok: false, error: 'the schema resource is not a JSON object' };
  const wrapped = isRecord(json.schema) && ('version' in json || '_meta' in json);
  const schema = wrapped ? (json.schema as Record<string, unknown>) : json;
  const meta = wrapped && isRecord(json._meta) ? json._meta : {};
  const version = wrapped && typeof json.version === 'number' ? json.version : uri.major;
  if (version !== uri.major) {
    return {
      ok: false,
      error: `the schema says version ${version} but its URI names major version ${uri.major} (9.5)`,
    };
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    ok: true,
    payload: {
      version,
      schema,
      deprecated: meta.deprecated === true,
      deprecatedAt: str(meta.deprecatedAt),
      sunsetDate: str(meta.sunsetDate),
      createdAt: str(meta.createdAt),
    },
  };
}
