import { systemClock, type Clock } from './platform/clock.js';
import type { Config } from './platform/config.js';
import type { Database } from './platform/db.js';
import { createDispatcher, type DispatchRoute, type Dispatcher } from './platform/dispatcher.js';
import type { EventStore } from './platform/event-store.js';
import type { JobDefinition, JobLogger, JobQueue, JobServices, JobWorkers } from './platform/jobs.js';
import { createMailer, testMessageTemplate, type EmailTemplate } from './platform/mailer.js';
import { createPdfRenderer } from './platform/pdf.js';
import { createRenderPdfJob, type PdfDocumentKind } from './platform/render-pdf.jobs.js';
import { resolveListPorts } from './platform/module.js';
import { createSendEmailJob } from './platform/send-email.jobs.js';
import { modules } from './modules.js';

// The composition root of background work: the platform's email and PDF jobs, and every module's
// templates, documents, jobs and dispatch routes from its manifest, in the order of modules.ts.

/** Email templates of every module, each in English and German. */
export const emailTemplates: EmailTemplate[] = [testMessageTemplate, ...modules.flatMap((manifest) => manifest.jobs?.emailTemplates ?? [])];

/** Printable document kinds of every module. */
export const pdfDocuments: PdfDocumentKind[] = modules.flatMap((manifest) => manifest.jobs?.pdfDocuments ?? []);

/** Which events become which jobs. */
export const dispatchRoutes: DispatchRoute[] = modules.flatMap((manifest) => manifest.jobs?.dispatchRoutes ?? []);

/** Jobs of modules beyond the generic `send-email` and `render-pdf`. */
const moduleJobs: JobDefinition[] = modules.flatMap((manifest) => manifest.jobs?.definitions ?? []);

/** Every job the workers run, in the server (without Redis) and in workers/main.ts alike. */
export function jobDefinitions(): JobDefinition[] {
  return [createSendEmailJob(emailTemplates), createRenderPdfJob(pdfDocuments), ...moduleJobs];
}

export interface JobServicesInput {
  config: Config;
  /** The clock handlers read the time from; default the system clock. Tests pass the app's own. */
  clock?: Clock;
  database: Database;
  eventStore: EventStore;
  log: JobLogger;
}

/** The mailer, the PDF renderer and the rest of what handlers use; close() releases the browser and SMTP. */
export function createJobServices(input: JobServicesInput): JobServices & { close(): Promise<void> } {
  const { config, log } = input;
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.smtpFrom, db: input.database.db, log, production: config.env === 'production' });
  const pdf = createPdfRenderer({ chromePath: config.chromePath, pagePoolSize: config.pdfPagePoolSize, log });
  return {
    config,
    clock: input.clock ?? systemClock,
    db: input.database.db,
    eventStore: input.eventStore,
    mailer,
    pdf,
    log,
    listPorts: resolveListPorts(modules),
    async close() {
      mailer.close();
      await pdf.close();
    },
  };
}

export interface JobRuntime {
  dispatcher: Dispatcher;
  services: JobServices;
  /** Set when this process runs the handlers (no Redis: in-process). */
  workers?: JobWorkers;
  /** Stops dispatching, lets running jobs finish, closes the browser. The queue is closed by its owner. */
  stop(): Promise<void>;
}

export interface StartJobsInput extends JobServicesInput {
  queue: JobQueue;
}

/**
 * Starts the event->job dispatcher and, when the queue is in-process, the workers in this
 * process. With Redis the workers run in workers/main.ts.
 */
export function startJobs(input: StartJobsInput): JobRuntime {
  const services = createJobServices({ ...input, log: input.log.child({ part: 'jobs' }) });
  const dispatcher = createDispatcher({
    db: input.database.db,
    eventStore: input.eventStore,
    queue: input.queue,
    routes: dispatchRoutes,
    log: services.log,
  });
  const workers = input.queue.kind === 'in-process' ? input.queue.startWorkers(jobDefinitions(), services) : undefined;
  dispatcher.start();
  return {
    dispatcher,
    services,
    workers,
    async stop() {
      await dispatcher.stop();
      await workers?.close();
      await services.close();
    },
  };
}
