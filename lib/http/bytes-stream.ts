/**
 * A response body of bytes already in memory, its parts enqueued as they are (not copied): a string
 * body is copied and encoded again for every answer.
 */
export function bytesStream(parts: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}
