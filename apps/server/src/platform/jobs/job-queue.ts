import { randomUUID } from 'node:crypto';
import { and, eq, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Job, JobState } from '@pod/shared';
import type { Database } from '../../db/client.ts';
import { duringStartup } from '../../db/migrate.ts';
import { jobRuns } from './schema.ts';
import type { ServiceContext } from '../context.ts';
import { ownedBy, type Ownership } from '../ownership.ts';
import { pgliteBossDb } from './pg-boss-db.ts';

/** What a job handler is given. */
export interface JobRun<T> {
  id: string;
  data: T;
  /** 1 on the first try, 2 on the first retry… */
  attempt: number;
  /** Reports progress in percent (0–100) for the web's progress bars. */
  progress(percent: number): Promise<void>;
}

/** A kind of job a module offers. Retries back off exponentially from `retryDelaySeconds`. */
export interface JobDefinition<T> {
  name: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInSeconds?: number;
  /** Returns the job's result (stored as JSON); throws to fail or retry. */
  handler(run: JobRun<T>): Promise<unknown>;
  /**
   * Called instead of the handler when the run is skipped because its module is switched off for
   * its tenant (decision 0059): settles what was left waiting for the run (e.g. listings queued
   * for publishing). Errors are logged; the run stays skipped.
   */
  onSkipped?(run: { id: string; data: T }): Promise<void>;
}

/**
 * Who queued a job (decision 0026): its organisation, its user and the permission it took. Only
 * that organisation reads the job, and only with that permission.
 */
export interface EnqueueOptions {
  tenantId: string | null;
  merchantId?: string | null;
  factoryId?: string | null;
  createdBy?: string | null;
  permission?: string | null;
}

/** A job's owner: the caller's organisation, the caller and the permission the route needed. */
export function jobOwner(ctx: ServiceContext, permission: string | null): EnqueueOptions {
  const { tenantId, merchantId, factoryId } = ctx.scope;
  return { tenantId, merchantId, factoryId, createdBy: ctx.actor.id, permission };
}

export const JOB_OWNER: Ownership = {
  level: 'organisation',
  tenant: jobRuns.tenantId,
  merchant: jobRuns.merchantId,
  factory: jobRuns.factoryId,
};

/**
 * A stored file a job made (an export): the result keeps its key, and a reader who may see the
 * job is handed a URL signed at the moment it reads (never one stored with the result).
 */
export interface JobFile {
  file_key: string;
}

interface Envelope<T> {
  payload: T;
}

/**
 * The switch of the module whose jobs are being declared (decision 0059): a run queued for a
 * tenant that has the module off is skipped, and a sweep is told which tenants to leave alone.
 */
export interface JobGate {
  module: string;
  /** Whether the tenant has the module on (the platform, with no tenant, has every module). */
  isEnabled(tenantId: string | null): Promise<boolean>;
  /** The tenants that have the module off, for a sweep to leave out. */
  tenantsWithout(): Promise<readonly string[]>;
}

/** What a recurring task is told on each tick. */
export interface Sweep {
  /**
   * Tenants whose rows the sweep must leave alone: they have the declaring module switched off
   * (decision 0059). Empty for a core module's task.
   */
  skipTenants: readonly string[];
}

/** What a run skipped for a switched-off module records as its result. */
export interface SkippedResult {
  skipped: 'module.disabled';
  module: string;
}

const QUEUE_NAME = /^[a-z][a-z0-9_.-]{1,60}$/;

const toJob = (row: typeof jobRuns.$inferSelect): Job => ({
  id: row.id,
  name: row.name,
  state: row.state,
  progress: row.progress,
  attempts: row.attempts,
  result: row.result ?? null,
  error: row.error,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/**
 * The job API for modules, on pg-boss in the same PostgreSQL (embedded or real). `job_runs` is
 * the public record of each job; pg-boss owns scheduling, locking, retry and back-off.
 */
export class JobQueue {
  readonly #definitions = new Map<string, JobDefinition<unknown>>();
  readonly #gates = new Map<string, JobGate>();
  readonly #recurring: Array<{
    name: string;
    everyMs: number;
    gate: JobGate | null;
    run: (sweep: Sweep) => Promise<unknown>;
  }> = [];
  #declaring: JobGate | null = null;
  #timers: NodeJS.Timeout[] = [];
  #boss: PgBoss | null = null;
  /** Each queue's worker in this process, woken when a job is queued here (no polling delay). */
  readonly #workers = new Map<string, string>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: {
      workers: boolean;
      pollingIntervalSeconds?: number;
      /**
       * Run the recurring tasks on their timers (default true). A test that needs the database to
       * hold still between its requests (the isolation matrix) turns them off and calls
       * `sweep(name)` itself where it wants a tick.
       */
      sweeps?: boolean;
      /**
       * Whether this process runs the recurring tasks now (decision 0074): asked on every tick, so
       * that of all the worker processes on one database only one runs each tick. Default: yes.
       */
      leadsSweeps?: () => Promise<boolean>;
    } = { workers: true },
  ) {}

  /** Declares a job kind. Call before start(). */
  define<T>(definition: JobDefinition<T>): void {
    if (!QUEUE_NAME.test(definition.name)) throw new Error(`invalid job name ${definition.name}`);
    if (this.#definitions.has(definition.name)) throw new Error(`job ${definition.name} defined twice`);
    this.#definitions.set(definition.name, definition);
    if (this.#declaring) this.#gates.set(definition.name, this.#declaring);
  }

  /**
   * Runs `declare` (a module's `jobs()`) with every job and recurring task it declares bound to
   * the module's switch (decision 0059): the composition root calls it for switchable modules.
   */
  declareGated(gate: JobGate, declare: () => void): void {
    if (this.#declaring) throw new Error('job declarations cannot nest');
    this.#declaring = gate;
    try {
      declare();
    } finally {
      this.#declaring = null;
    }
  }

  /**
   * Housekeeping that runs every `everySeconds` (e.g. the order timeout sweep): in one worker
   * process at a time, the one that leads the sweeps (decision 0074). It must be idempotent and
   * safe to run concurrently (a process that just lost the lead may still be finishing a tick): a guarded UPDATE, not a queue job
   * per tick (which would flood job_runs). Errors are logged; the next tick tries again.
   */
  every(name: string, everySeconds: number, run: (sweep: Sweep) => Promise<unknown>): void {
    this.#recurring.push({ name, everyMs: everySeconds * 1000, gate: this.#declaring, run });
  }

  /**
   * One tick of a recurring task, as the timer runs it: a switchable module's task is told which
   * tenants have the module off. For tests and tools; the timers call the same.
   */
  async sweep(name: string): Promise<unknown> {
    const task = this.#recurring.find((r) => r.name === name);
    if (!task) throw new Error(`unknown recurring task ${name}`);
    return task.run({ skipTenants: task.gate ? await task.gate.tenantsWithout() : [] });
  }

  get isStarted(): boolean {
    return this.#boss !== null;
  }

  async start(): Promise<void> {
    if (this.#boss) return;
    const { database } = this;
    const boss =
      database.kind === 'pglite' && database.pglite
        ? new PgBoss({ db: pgliteBossDb(database.pglite), schedule: false })
        : // On real PostgreSQL pg-boss gets a pool of its own (ARCHITECTURE "Slow work is a job").
          new PgBoss({ connectionString: database.url, max: 4, schedule: false });
    boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
    // Processes starting together on one PostgreSQL create pg-boss's schema and queues one after
    // the other: two concurrent createQueue calls deadlock on pgboss.queue (decision 0074).
    await duringStartup(database, async () => {
      await boss.start();
      for (const def of this.#definitions.values())
        await boss.createQueue(def.name, {
          name: def.name,
          retryLimit: def.retryLimit ?? 2,
          retryDelay: def.retryDelaySeconds ?? 5,
          retryBackoff: true,
          expireInSeconds: def.expireInSeconds ?? 15 * 60,
        });
    });
    for (const def of this.#definitions.values()) {
      if (this.options.workers) {
        const workerId = await boss.work<Envelope<unknown>>(
          def.name,
          {
            includeMetadata: true,
            batchSize: 1,
            pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 1,
          },
          async ([job]) => {
            if (job) await this.#run(def, job);
          },
        );
        this.#workers.set(def.name, workerId);
      }
    }
    this.#boss = boss;
    if (this.options.workers && this.options.sweeps !== false)
      for (const task of this.#recurring) {
        let running = false;
        const timer = setInterval(() => {
          if (running) return;
          running = true;
          const leads = this.options.leadsSweeps?.() ?? Promise.resolve(true);
          leads
            .then((yes) => (yes ? this.sweep(task.name) : undefined))
            .catch((error: unknown) =>
              this.log.error({ err: error, task: task.name }, 'recurring task failed'),
            )
            .finally(() => {
              running = false;
            });
        }, task.everyMs);
        timer.unref();
        this.#timers.push(timer);
      }
  }

  async stop(): Promise<void> {
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers = [];
    const boss = this.#boss;
    this.#boss = null;
    if (boss) await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  /** Queues a job and returns its id, which GET /api/v1/jobs/{id} reports on. */
  async enqueue<T>(name: string, data: T, options: EnqueueOptions): Promise<string> {
    const boss = this.#boss;
    if (!boss) throw new Error('job queue is not started');
    if (!this.#definitions.has(name)) throw new Error(`unknown job ${name}`);
    const id = randomUUID();
    await this.database.db.insert(jobRuns).values({
      id,
      name,
      tenantId: options.tenantId,
      merchantId: options.merchantId ?? null,
      factoryId: options.factoryId ?? null,
      createdBy: options.createdBy ?? null,
      permission: options.permission ?? null,
    });
    try {
      await boss.send(name, { payload: data } satisfies Envelope<T>, { id });
      // A worker of this process starts it now rather than at its next poll (others still poll).
      const worker = this.#workers.get(name);
      if (worker) boss.notifyWorker(worker);
    } catch (error) {
      await this.#update(id, { state: 'failed', error: 'could not be queued' });
      throw error;
    }
    return id;
  }

  /**
   * A job as the caller may see it, or null: another organisation's job, one queued under a
   * permission the caller does not hold, or (limited data scope) another user's.
   */
  async get(id: string, ctx: ServiceContext): Promise<Job | null> {
    const conditions: SQL[] = [eq(jobRuns.id, id), ...ownedBy(JOB_OWNER, ctx.scope, ctx.actor.id)];
    if (ctx.dataScope.kind === 'limited') conditions.push(eq(jobRuns.createdBy, ctx.dataScope.userId));
    const [row] = await ctx.tx
      .select()
      .from(jobRuns)
      .where(and(...conditions))
      .limit(1);
    if (!row || (row.permission && !ctx.permissions.has(row.permission))) return null;
    return toJob(row);
  }

  async #run(def: JobDefinition<unknown>, job: PgBoss.JobWithMetadata<Envelope<unknown>>): Promise<void> {
    const attempt = job.retryCount + 1;
    const gate = this.#gates.get(def.name);
    if (gate && !(await gate.isEnabled(await this.#tenantOf(job.id)))) {
      // Queued while the module was on, run after the tenant switched it off: not the tenant's
      // work any more. Recorded as skipped (not failed); switching the module on does not replay it.
      const result: SkippedResult = { skipped: 'module.disabled', module: gate.module };
      this.log.info({ job: job.id, name: def.name, module: gate.module }, 'job skipped: module switched off');
      await this.#update(job.id, { state: 'skipped', attempts: attempt, result });
      await def.onSkipped?.({ id: job.id, data: job.data.payload }).catch((error: unknown) => {
        this.log.error({ err: error, job: job.id, name: def.name }, 'settling a skipped job failed');
      });
      return;
    }
    await this.#update(job.id, { state: 'active', attempts: attempt, error: null });
    try {
      const result = await def.handler({
        id: job.id,
        data: job.data.payload,
        attempt,
        progress: (percent) =>
          this.#update(job.id, { progress: Math.max(0, Math.min(100, Math.round(percent))) }),
      });
      await this.#update(job.id, { state: 'completed', progress: 100, result: result ?? null });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const willRetry = job.retryCount < job.retryLimit;
      this.log.warn({ job: job.id, name: def.name, attempt, willRetry, err: error }, 'job failed');
      await this.#update(job.id, { state: willRetry ? 'retrying' : 'failed', error: message.slice(0, 2000) });
      throw error;
    }
  }

  async #tenantOf(id: string): Promise<string | null> {
    const [row] = await this.database.db
      .select({ tenantId: jobRuns.tenantId })
      .from(jobRuns)
      .where(eq(jobRuns.id, id))
      .limit(1);
    return row?.tenantId ?? null;
  }

  async #update(
    id: string,
    values: Partial<{
      state: JobState;
      progress: number;
      attempts: number;
      result: unknown;
      error: string | null;
    }>,
  ): Promise<void> {
    await this.database.db.update(jobRuns).set(values).where(eq(jobRuns.id, id));
  }
}
