import type { JSONRPCMessage } from '@modelcontextprotocol/client';

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isInteger(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

function isId(value: unknown): boolean {
  return typeof value === 'string' || isInteger(value);
}

function hasOnly(message: Fields, keys: readonly string[]): boolean {
  return Object.keys(message).every((key) => keys.includes(key));
}

/** `_meta` of params or a result: `progressToken` a string or an integer, a related task's `taskId` a string. */
function isMeta(meta: unknown): boolean {
  if (meta === undefined) return true;
  if (!isFields(meta)) return false;
  if (meta.progressToken !== undefined && !isId(meta.progressToken)) return false;
  const task = meta['io.modelcontextprotocol/related-task'];
  return task === undefined || (isFields(task) && typeof task.taskId === 'string');
}

function isParams(params: unknown): boolean {
  return params === undefined || (isFields(params) && isMeta(params._meta));
}

function isError(error: unknown): boolean {
  return isFields(error) && isInteger(error.code) && typeof error.message === 'string';
}

/**
 * The MCP SDK's `JSONRPCMessageSchema` (a request, a notification, a result or an error, each with
 * no other top-level member) checked by hand: the schema's zod parse of a view's first messages, its
 * compilation included, was the largest single cost of a view's boot on the host page.
 * The bridge's protocol checks each message again against the same four schemas before it routes
 * it, and each handler parses its params against its own. Messages arrive by structured clone, so
 * the value checked is plain data that cannot change after the check.
 */
export function isJsonRpcMessage(value: unknown): value is JSONRPCMessage {
  if (!isFields(value) || value.jsonrpc !== '2.0') return false;
  if (typeof value.method === 'string') {
    if ('id' in value)
      return (
        hasOnly(value, ['jsonrpc', 'id', 'method', 'params']) && isId(value.id) && isParams(value.params)
      );
    return hasOnly(value, ['jsonrpc', 'method', 'params']) && isParams(value.params);
  }
  if ('result' in value)
    return (
      hasOnly(value, ['jsonrpc', 'id', 'result']) &&
      isId(value.id) &&
      isFields(value.result) &&
      isMeta(value.result._meta)
    );
  if ('error' in value)
    return (
      hasOnly(value, ['jsonrpc', 'id', 'error']) &&
      (value.id === undefined || isId(value.id)) &&
      isError(value.error)
    );
  return false;
}
