import 'server-only';
import type { Tool, ToolSet } from 'ai';

type Execute = NonNullable<Tool['execute']>;

/** What a held tool throws when the turn it belongs to was not confirmed. */
export const TURN_NOT_CONFIRMED = 'This turn was not confirmed, so no tool runs in it.';

function isAsyncGeneratorFunction(fn: unknown): boolean {
  return Object.prototype.toString.call(fn) === '[object AsyncGeneratorFunction]';
}

/**
 * The tools of a turn that runs before its conversation is confirmed (a new chat's first
 * message goes to the model while the database opens the conversation). Each tool waits for the
 * confirmation before it does anything, and never runs if it is refused: a tool call is an action
 * on the conversation, and the conversation may turn out to be another user's.
 */
export function holdToolsUntil(tools: ToolSet, confirmed: Promise<boolean>): ToolSet {
  const held: ToolSet = {};
  for (const [name, tool] of Object.entries(tools)) {
    const { execute } = tool;
    held[name] = execute ? withExecute(tool, holdExecute(execute, confirmed)) : tool;
  }
  return held;
}

function holdExecute(execute: Execute, confirmed: Promise<boolean>): Execute {
  const check = async () => {
    if (!(await confirmed)) throw new Error(TURN_NOT_CONFIRMED);
  };
  // The kind is kept: the AI SDK reads each value an async generator yields as a preliminary output
  // (a gate's waiting card), and a single value as the final one.
  if (isAsyncGeneratorFunction(execute))
    return async function* (input, options) {
      await check();
      // An async generator function's call is its generator.
      yield* execute(input, options) as AsyncIterable<unknown>;
    };
  return async (input, options) => {
    await check();
    return execute(input, options);
  };
}

/** A copy of the tool with another execute; getters stay getters (a host tool's metadata is built lazily). */
function withExecute(tool: Tool, execute: Execute): Tool {
  // Typed as the tool it is once the tool's own properties are copied in.
  const copy: Tool = Object.defineProperties({} as Tool, Object.getOwnPropertyDescriptors(tool));
  Object.defineProperty(copy, 'execute', {
    value: execute,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}
