import { describe, expect, it } from 'vitest';
import { PollingWorker } from './polling-worker.js';

function controllableWork() {
  const runs: Array<() => void> = [];
  return {
    runs,
    work: () =>
      new Promise<void>((resolve) => {
        runs.push(resolve);
      }),
  };
}

describe('PollingWorker', () => {
  it('runs once at start, once more for any number of notifies during a run, and not when stopped', async () => {
    const { runs, work } = controllableWork();
    const worker = new PollingWorker({ pollMs: 60_000, work, onError: () => undefined });
    worker.notify();
    expect(runs).toHaveLength(0);

    worker.start();
    expect(runs).toHaveLength(1);
    worker.notify();
    worker.notify();
    runs[0]?.();
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toHaveLength(2);

    const stopped = worker.stop();
    let stoppedYet = false;
    void stopped.then(() => {
      stoppedYet = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stoppedYet).toBe(false);
    runs[1]?.();
    await stopped;
    worker.notify();
    expect(runs).toHaveLength(2);
  });

  it('reports a failed run and keeps working', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const worker = new PollingWorker({
      pollMs: 60_000,
      work: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database unreachable');
      },
      onError: (error) => errors.push(error),
    });
    worker.start();
    await new Promise((resolve) => setImmediate(resolve));
    worker.notify();
    await worker.stop();
    expect(errors).toEqual([new Error('database unreachable')]);
    expect(calls).toBe(2);
  });
});
