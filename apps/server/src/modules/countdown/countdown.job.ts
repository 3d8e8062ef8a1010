/** The background run of the countdown rule, so exclusives turn over within a minute of their end time without any client. */
import type { Deps } from '../../deps.js';
import { turnOverEndedExclusives } from './countdown.service.js';

export const COUNTDOWN_INTERVAL_MS = 30_000;

export interface JobLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RunningJob {
  /** Stops the timer and waits for a run in progress, so the database can close after it. */
  stop(): Promise<void>;
}

export function startCountdownJob(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  options: { intervalMs?: number; log: JobLogger },
): RunningJob {
  let running: Promise<void> | null = null;
  let stopped = false;

  const tick = () => {
    if (stopped || running) return; // a slow run is never overlapped by the next
    running = turnOverEndedExclusives(deps)
      .then((turned) => {
        if (turned.length > 0) {
          options.log.info({ beats: turned.map((b) => b.id) }, `countdown ended: ${turned.length} exclusive(s) joined the VIP catalog`);
        }
      })
      .catch((error: unknown) => options.log.error({ err: error }, 'countdown job failed'))
      .finally(() => {
        running = null;
      });
  };

  tick();
  const timer = setInterval(tick, options.intervalMs ?? COUNTDOWN_INTERVAL_MS);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
