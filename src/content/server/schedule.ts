/**
 * "Publish at this time": the server publishes by itself, one publish at a time, through the
 * same publish as the editor's (publish.ts), at the moments stored in the site's database:
 *
 *   - a draft scheduled by its author (content_drafts.scheduled_at): its value is published as
 *     that author's, and the revision records it as scheduled by them; each draft is an item
 *     published on its own (as the editor's Publish does), so drafts due together never block one
 *     another. One that cannot go through (the checker refuses it, the file was changed by a later
 *     publish, the build fails) stays a draft, unscheduled, with the sentence saying why, which its
 *     author sees in the editor.
 *   - a moment the content names itself (an article's `expires`: content_jobs): the pages are
 *     drawn again from the content as it is, so what has expired leaves the site.
 *
 * The platform's worker loop (src/platform/server/worker.ts), sleeping until the earliest moment;
 * at start the moments already past are published at once (the server was down then). The clock
 * and the timer are given (tests move the clock and fire the timer: nothing waits for real time).
 */
import server from '../../../config/server';
import type { ContentChange } from '../model/contentApi';
import { fill } from '../../schema/text';
import type { ContentJobs, Drafts } from './drafts';
import type { Publisher } from './publish';
import { publishRefusal } from './publishWords';
import type { Timers } from '../../platform/server/timers';
import { WorkerLoop } from '../../platform/server/worker';

/** The longest a timer is set for (Node's limit is about 24.8 days): a later moment is set again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** How long a moment waits when another publish or a release is under way. */
const BUSY_RETRY_MS = 5_000;
/** Why a content job is there: an article's (or any content file's) `expires`. */
export const EXPIRES = 'expires';

/** The moments the content names itself: each content file's `expires` (an ISO date-time). */
export function momentsOf(files: readonly ContentChange[]): { file: string; at: number }[] {
  return files.flatMap(({ file, value }) => {
    const expires = typeof value === 'object' && value !== null ? (value as { expires?: unknown }).expires : undefined;
    const at = typeof expires === 'string' ? Date.parse(expires) : NaN;
    return Number.isFinite(at) ? [{ file, at }] : [];
  });
}

export interface SchedulerOptions {
  publisher: Publisher;
  drafts: Drafts;
  jobs: ContentJobs;
  clock: () => number;
  timers?: Timers;
  log?: (message: string) => void;
}

export class Scheduler {
  /** Publishes what is due, then sleeps until the earliest moment (or shortly, when another publish was under way). */
  private readonly loop: WorkerLoop;
  /** The last pass found another publish or a release under way: the next sleep is short. */
  private busy = false;

  constructor(private readonly options: SchedulerOptions) {
    this.loop = new WorkerLoop({
      pass: async () => {
        this.busy = (await this.runDue()) === 'busy';
      },
      failed: (error) => this.options.log?.(`A scheduled publish failed: ${error instanceof Error ? error.message : String(error)}`),
      nextWait: () => {
        const busy = this.busy;
        this.busy = false;
        if (busy) return BUSY_RETRY_MS;
        const next = this.next();
        return next === undefined ? undefined : Math.min(Math.max(0, next - this.options.clock()), MAX_TIMER_MS);
      },
      // Stopping never cuts a publish short: the content's plugin waits for it (idle).
      stopGraceMs: 0,
      ...(options.timers ? { timers: options.timers } : {}),
    });
  }

  /** At start: the content's moments are read, and what is due (the server was down) is published now. */
  start(files: readonly ContentChange[]): void {
    this.contentChanged(files);
  }

  /** After a publish: the content's moments as it names them now. */
  contentChanged(files: readonly ContentChange[]): void {
    this.options.jobs.sync(EXPIRES, momentsOf(files), this.options.clock());
    this.changed();
  }

  /** A schedule was set or cleared: the timer is set for the earliest moment (while a run is under way, when it ends). */
  changed(): void {
    this.loop.reschedule();
  }

  /** The earliest moment waiting (a draft's or the content's). */
  next(): number | undefined {
    const times = [this.options.drafts.nextScheduled(), this.options.jobs.next()].filter((t): t is number => t !== undefined);
    return times.length > 0 ? Math.min(...times) : undefined;
  }

  /** Resolves once nothing is being published by the scheduler (tests wait for it after firing the timer). */
  idle(): Promise<void> {
    return this.loop.idle();
  }

  /** No publish starts any more; one under way goes on (idle resolves when it ends). */
  stop(): void {
    void this.loop.stop();
  }

  /** Publishes what is due, one publish at a time; 'busy' when another publish or a release is under way (tried again shortly). */
  private async runDue(): Promise<'busy' | void> {
    const { drafts, jobs, publisher, clock } = this.options;
    const now = clock();
    // Each draft due now (earliest first), in a publish of its own.
    for (const draft of drafts.due(now)) {
      const { author, file } = draft;
      if (await publisher.changedSince(draft.base, [file])) {
        drafts.scheduleFailed(author, file, this.refusal({ status: 409, reason: 'changed' }));
        continue;
      }
      const result = await publisher.publish([{ file, value: draft.value }], undefined, author, undefined, { scheduled: true });
      if (result.status === 409 && result.reason !== 'changed') return 'busy';
      if (result.status !== 200) drafts.scheduleFailed(author, file, this.refusal(result));
    }
    // The content's own moments: the pages drawn again as the content shows them now.
    const dueJobs = jobs.due(now);
    if (dueJobs.length > 0) {
      const refreshed = await publisher.refresh();
      if (refreshed === 'busy') return 'busy';
      for (const job of dueJobs) jobs.done(job);
    }
  }

  private refusal(result: Parameters<typeof publishRefusal>[0]): string {
    return fill(server.admin.messages.scheduledPublishFailed, { reason: publishRefusal(result) });
  }
}
