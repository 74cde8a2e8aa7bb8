/**
 * Runs `run` once, in a later task, however often it is asked for in this one. Used for
 * the chat's snapshot for React: published at once, an update the chat makes while it sends a message is
 * rendered by React in a microtask, before the chat's request goes out (7-10 ms of rendering at
 * each send); from the next task it renders while the request is under way.
 */
export function nextTaskOnce(run: () => void): { request(): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    request() {
      timer ??= setTimeout(() => {
        timer = null;
        run();
      }, 0);
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
