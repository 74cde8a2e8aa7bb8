/**
 * SEP-2243 (2026-07-28, Streamable HTTP, "Schema Extension"): a tool may ask for an argument to be
 * mirrored into an `Mcp-Param-<name>` header by annotating the property with `x-mcp-header`. A
 * declaration that breaks a rule makes the whole tool definition invalid, and a client must not
 * call it: the name is a non-empty RFC 9110 token, unique without regard to case within the tool,
 * on a property of type string, integer or boolean (not number) reached from the root through
 * `properties` alone (never under `items`, `additionalProperties`, a combinator, a conditional or
 * `$defs`).
 */
const KEY = 'x-mcp-header';
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE = new Set(['string', 'integer', 'boolean']);
/** Where a subschema is never "reached through properties": an annotation there is invalid. */
const ELSEWHERE = [
  'items',
  'prefixItems',
  'additionalProperties',
  'patternProperties',
  'unevaluatedProperties',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$defs',
  'definitions',
  'dependentSchemas',
  'contains',
  'propertyNames',
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function subschemas(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (!isRecord(value)) return [];
  // A map of subschemas ($defs, patternProperties, dependentSchemas) or one subschema.
  return 'type' in value || KEY in value || 'properties' in value ? [value] : Object.values(value);
}

/** The first rule the schema's `x-mcp-header` declarations break, in words; undefined when none. */
export function mcpParamHeaderFault(inputSchema: unknown): string | undefined {
  const seen = new Map<string, string>();
  const visit = (node: unknown, path: string[], reachable: boolean): string | undefined => {
    if (!isRecord(node)) return undefined;
    const where = path.length > 0 ? path.join('.') : 'the schema root';
    if (KEY in node) {
      const name = node[KEY];
      if (!reachable || path.length === 0)
        return `${where}: x-mcp-header is allowed only on a property reached through "properties"`;
      if (typeof name !== 'string' || name.length === 0)
        return `${where}: x-mcp-header must be a non-empty string`;
      if (!TOKEN.test(name)) return `${where}: x-mcp-header "${name.slice(0, 60)}" is not an HTTP token`;
      if (typeof node.type !== 'string' || !PRIMITIVE.has(node.type))
        return `${where}: x-mcp-header is allowed only on a string, integer or boolean property`;
      const prior = seen.get(name.toLowerCase());
      if (prior !== undefined) return `x-mcp-header "${name}" is declared twice (also as "${prior}")`;
      seen.set(name.toLowerCase(), name);
    }
    if (isRecord(node.properties))
      for (const [key, child] of Object.entries(node.properties)) {
        const fault = visit(child, [...path, key], reachable);
        if (fault) return fault;
      }
    for (const keyword of ELSEWHERE)
      for (const sub of subschemas(node[keyword])) {
        const fault = visit(sub, [...path, `<${keyword}>`], false);
        if (fault) return fault;
      }
    return undefined;
  };
  return visit(inputSchema, [], true);
}
