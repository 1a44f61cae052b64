/** Reads a Server-Sent Events stream until an event's data matches, or gives up (null). */
export async function nextEvent<T = { title: string; message: string }>(
  body: ReadableStream<Uint8Array>,
  match: (data: T) => boolean,
  ms = 5000,
): Promise<T | null> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const deadline = Date.now() + ms;
  try {
    while (Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now())),
      ]);
      if (!chunk || chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      for (const block of blocks) {
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (data) {
          const parsed = JSON.parse(data.slice(6)) as T;
          if (match(parsed)) return parsed;
        }
      }
    }
    return null;
  } finally {
    reader.releaseLock();
  }
}
