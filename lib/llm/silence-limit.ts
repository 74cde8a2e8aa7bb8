import 'server-only';
import type { LanguageModelMiddleware } from 'ai';

/**
 * LLM_TIMEOUT_MS as the model's own silence: no answer to the request, or no stream part for `ms`,
 * aborts the model call with a TimeoutError (the user reads "did not answer in time"). Time a tool
 * spends waiting for the user (a gate, an elicitation) is outside the model call, so it never
 * counts: the AI SDK's `stepMs` would count it, and its `firstChunkMs` does not start on a step's
 * first call.
 */
export function silenceLimit(ms: number): LanguageModelMiddleware {
  return {
    specificationVersion: 'v4',
    async wrapStream({ params, model }) {
      const silence = new AbortController();
      // One timer for the call, not one per part: a part only notes its time, and the timer, when it
      // fires early, waits out the rest (a timer set and cleared per part cost every chunk).
      let lastHeard = 0;
      let timer: NodeJS.Timeout | undefined;
      const wake = (delay: number) => {
        timer = setTimeout(check, delay);
        timer.unref?.();
      };
      const check = () => {
        const quiet = performance.now() - lastHeard;
        if (quiet < ms) return wake(ms - quiet);
        timer = undefined;
        silence.abort(new DOMException(`the model was silent for ${ms} ms`, 'TimeoutError'));
      };
      const arm = () => {
        lastHeard = performance.now();
        if (!timer && !silence.signal.aborted) wake(ms);
      };
      const disarm = () => {
        if (timer) clearTimeout(timer);
        timer = undefined;
      };
      arm();
      const abortSignal = params.abortSignal
        ? AbortSignal.any([params.abortSignal, silence.signal])
        : silence.signal;
      let result: Awaited<ReturnType<typeof model.doStream>>;
      try {
        result = await model.doStream({ ...params, abortSignal });
      } catch (error) {
        disarm();
        throw error;
      }
      arm();
      const watched = result.stream.pipeThrough(
        new TransformStream({
          transform(part, controller) {
            arm();
            controller.enqueue(part);
          },
          flush: disarm,
        }),
      );
      return { ...result, stream: watched };
    },
  };
}
