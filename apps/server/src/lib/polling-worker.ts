import { runWithRequestId } from './request-ids.js';

/**
 * Runs `work` now and then: every `pollMs`, and at once on {@link notify}. One run at a time; a notify
 * during a run asks for one more run after it, so nothing queued meanwhile waits for the next poll.
 * Shared by the mail outbox and the job queue.
 */
export class PollingWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly options: {
      pollMs: number;
      work: () => Promise<unknown>;
      onError: (error: unknown) => void;
    },
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.notify(), this.options.pollMs);
    this.timer.unref();
    this.notify();
  }

  /** Stops polling and waits for the run under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Asks a started worker to run now; a no-op when it is stopped (tests run the work themselves). */
  notify(): void {
    if (!this.timer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    // A run serves whichever request woke it and every other, so it runs as part of none of them.
    this.running = runWithRequestId(null, () => this.options.work())
      .then(
        () => undefined,
        (error: unknown) => this.options.onError(error),
      )
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.notify();
        }
      });
  }
}
