export type StreamEvent = { id?: string; event?: string; data?: string };

/** An EventSource's view of a response: events as they arrive, parsed from the text/event-stream body. */
export async function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new Error('a stream without a body');
  let buffer = '';
  let ended = false;
  const events: StreamEvent[] = [];
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: StreamEvent = {};
          for (const line of block.split('\n')) {
            const [field, ...rest] = line.split(': ');
            if (field === 'id' || field === 'event' || field === 'data') event[field] = rest.join(': ');
          }
          if (event.event) events.push(event);
        }
      }
    } catch {
      // Aborted by the test.
    }
    ended = true;
  })();
  return {
    response,
    events,
    get ended() {
      return ended;
    },
    async waitFor(predicate: (events: StreamEvent[]) => boolean, what: string) {
      for (let wait = 0; wait < 200; wait += 1) {
        if (predicate(events)) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`the stream never showed ${what}: ${JSON.stringify(events)}`);
    },
    close: async () => {
      controller.abort();
      await pump;
    },
    finished: pump,
  };
}
