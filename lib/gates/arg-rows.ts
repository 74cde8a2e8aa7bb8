/** One argument as the gate dialog lists it: the schema's title (or the key in words) and a readable value. */
export interface ArgRow {
  key: string;
  label: string;
  value: string;
}

type Schema = Record<string, unknown>;

/** `restaurantId` → "Restaurant id", `party_size` → "Party size". */
export function humaniseKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]?.toUpperCase() + words.slice(1) : key;
}

function propertiesOf(schema: Schema | undefined): Record<string, Schema> {
  const properties = schema?.properties;
  return properties && typeof properties === 'object' ? (properties as Record<string, Schema>) : {};
}

/** A `oneOf`/`anyOf` of `{ const, title }` names its values (a property's own title names its row). */
function titleOfValue(schema: Schema, value: unknown): string | undefined {
  for (const list of [schema.oneOf, schema.anyOf]) {
    if (!Array.isArray(list)) continue;
    for (const option of list as Schema[]) {
      if (option && option.const === value && typeof option.title === 'string') return option.title;
    }
  }
  return undefined;
}

function readable(value: unknown, schema: Schema): string {
  const titled = titleOfValue(schema, value);
  if (titled) return titled;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) {
    const items = (schema.items ?? {}) as Schema;
    return value.map((v) => readable(v, items)).join(', ');
  }
  return JSON.stringify(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The call's arguments as rows, in the schema's order (then any others): nested objects are
 * flattened into "Outer › Inner" rows so no value is shown as raw JSON when it has named parts.
 */
export function argRows(args: Record<string, unknown>, schema?: Schema, prefix = '', path = ''): ArgRow[] {
  const properties = propertiesOf(schema);
  const keys = [...new Set([...Object.keys(properties), ...Object.keys(args)])].filter((k) => k in args);
  return keys.flatMap((key) => {
    const property = properties[key] ?? {};
    const label = `${prefix}${typeof property.title === 'string' ? property.title : humaniseKey(key)}`;
    const value = args[key];
    const at = path ? `${path}.${key}` : key;
    if (isPlainObject(value) && Object.keys(value).length > 0)
      return argRows(value, property, `${label} › `, at);
    return [{ key: at, label, value: readable(value, property) }];
  });
}
