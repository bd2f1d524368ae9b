// Reading a Server-Sent Events response in tests: its data frames, parsed.

/** Reads SSE frames until `count` data frames arrived. */
export async function readFrames(response: Response, count: number): Promise<unknown[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const frames: unknown[] = [];
  let buffer = '';
  while (frames.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (data) frames.push(JSON.parse(data.slice(6)));
      end = buffer.indexOf('\n\n');
    }
  }
  reader.releaseLock();
  return frames;
}
