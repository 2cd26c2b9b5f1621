import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../src/server/app.js';
import { startJobs } from '../src/server/jobs.js';
import { senderOf, documentContentOf } from '../src/server/modules/documents/document-content.queries.js';
import { findDocumentRow } from '../src/server/modules/documents/documents.queries.js';
import { documentHtml } from '../src/server/modules/documents/documents.templates.js';
import { loadConfig } from '../src/server/platform/config.js';
import { withTenant } from '../src/server/platform/db.js';
import { createEventStore } from '../src/server/platform/event-store.js';
import { createJobQueue } from '../src/server/platform/jobs-queue.js';
import { concurrencyOf } from '../src/server/platform/jobs-runner.js';
import { createPdfRenderer, type PdfOptions } from '../src/server/platform/pdf.js';
import { alternate, percentile, throughput, type BenchContext, type BenchRow, type Throughput } from './harness.js';
import { benchCompany, injectAs } from './orders-support.js';

export const name = 'pdf';
export const description =
  'One-page delivery bills: PDFs/s through the reused Chromium vs a browser launched per job (same run, alternating rounds), and p99 from POST /api/documents to the download link with 20 concurrent requests';

const rounds = 3;
const perRound = 24;
const perJobRound = 6;
const concurrent = 20;
const latencyRounds = 5;
const targets = { perSecond: 8, ratio: 5, p99Ms: 1000 };

const now = () => Number(process.hrtime.bigint()) / 1e6;
const quiet = pino({ level: 'silent' });

/** `count` prints, `parallel` at a time (the pdf queue's worker concurrency). */
async function printMany(count: number, parallel: number, print: () => Promise<unknown>): Promise<Throughput> {
  const started = now();
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        next += 1;
        await print();
      }
    }),
  );
  return throughput(count, now() - started);
}

export async function run(context: BenchContext): Promise<BenchRow[]> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: path.join(os.tmpdir(), `shopfloor-bench-${randomUUID()}`),
    DATABASE_URL: context.databaseUrl,
    SEED_DEMO: 'false',
    // The pdf queue's concurrency and page pool as the server would run them (docs/documents.md, Speed).
    PDF_CONCURRENCY: process.env.PDF_CONCURRENCY,
    PDF_PAGE_POOL_SIZE: process.env.PDF_PAGE_POOL_SIZE,
  });
  const eventStore = createEventStore();
  const queue = createJobQueue({ redisUrl: undefined });
  const app = await buildApp({ config, database: context.database, eventStore, jobQueue: queue });
  await app.ready();
  const jobs = startJobs({ config, database: context.database, eventStore, queue, log: quiet });
  try {
    const { companyId, token } = await benchCompany(app);
    const as = <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => injectAs<T>(app, token, method, url, payload);
    const material = await as<{ id: string }>('POST', '/api/materials', {
      type: 'product',
      name: 'Stadtrad',
      materialNumber: 'P-1',
      stock: { quantity: 999, unit: 'Stk' },
    });
    const orderIds: string[] = [];
    for (let index = 0; index < 3; index++) {
      const order = await as<{ id: string; version: number }>('POST', '/api/orders', {
        kind: 'customer',
        name: 'Fahrradhaus Berg',
        street: 'Hauptstraße',
        houseNumber: '12a',
        zip: '80331',
        place: 'München',
        workInProgress: 'Regal 3',
        positions: [{ materialId: material.id, quantity: 1 + index, netPrice: 100, useInventory: true }],
      });
      await as('POST', `/api/orders/${order.id}/start-production`, { version: order.version });
      orderIds.push(order.id);
    }
    const shipment = await as<{ id: string }>('POST', '/api/shipments', {
      deliveredBy: { source: 'typed', name: 'Spedition Huber' },
      trackingId: 'HU-4711',
      shippingDate: '2026-11-24',
      orderIds,
    });

    // p99 from the request to the link, 20 requests at once, through the whole pipeline.
    const latencies: number[] = [];
    // Workers that run pdf jobs start Chromium and its page pool as they start (warmUpWorkers in
    // jobs-runner.ts), but not with NODE_ENV=test, which this config says: the bench asks here.
    await jobs.services.pdf.warmUp();
    // A warm-up document (not timed): the first trip through the pipeline.
    const firstDocumentId = (await as<{ id: string }>('POST', '/api/documents', { type: 'delivery-bill', subjectId: shipment.id })).id;
    for (;;) {
      const view = await as<{ status: string }>('GET', `/api/documents/${firstDocumentId}`);
      if (view.status === 'generated') break;
      if (view.status === 'failed') throw new Error('the warm-up document failed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (let round = 0; round < latencyRounds; round++) {
      const startedAt = new Map<string, number>();
      await Promise.all(
        Array.from({ length: concurrent }, async () => {
          const started = now();
          const requested = await as<{ id: string }>('POST', '/api/documents', { type: 'delivery-bill', subjectId: shipment.id });
          startedAt.set(requested.id, started);
        }),
      );
      // One watcher for all 20 (not 20 pollers competing with Chromium for the CPU): the link is
      // there once the read model says generated. One statement per look (the bench's own
      // connection, no tenant transaction): the watcher runs in the server's process, which a
      // browser would not, so it takes as little of its CPU as it can.
      const samples: number[] = [];
      while (startedAt.size > 0) {
        const rows = await context.database.db
          .selectFrom('documents')
          .select(['id', 'status'])
          .where('company_id', '=', companyId)
          .where('id', 'in', [...startedAt.keys()])
          .execute();
        const at = now();
        for (const row of rows) {
          if (row.status === 'failed') throw new Error(`document ${row.id} failed`);
          if (row.status !== 'generated') continue;
          samples.push(at - (startedAt.get(row.id) ?? at));
          startedAt.delete(row.id);
        }
        if (startedAt.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      latencies.push(...samples);
      context.log(`latency round ${round + 1}: p50 ${percentile(samples, 50).toFixed(0)} ms, max ${Math.max(...samples).toFixed(0)} ms`);
    }

    // The page the workers print, built as the job builds it.
    const page = await withTenant(context.database.db, companyId, async (tx) => {
      const row = await findDocumentRow(tx, firstDocumentId);
      if (!row) throw new Error('no document');
      const sender = await senderOf(tx, companyId, config.workingTime);
      return documentHtml(await documentContentOf(tx, eventStore, row), {
        sender,
        logo: null,
        documentNumber: row.document_number,
        requestedAt: row.requested_at.toISOString(),
        locale: 'en',
      });
    });
    const options: PdfOptions = page.pdf;
    const parallel = concurrencyOf(config).pdf;
    const reused = createPdfRenderer({ chromePath: config.chromePath, pagePoolSize: config.pdfPagePoolSize, log: quiet });
    await reused.renderPdf(page.html, options);
    const comparison = await alternate(
      rounds,
      () => printMany(perRound, parallel, () => reused.renderPdf(page.html, options)),
      () =>
        printMany(perJobRound, parallel, async () => {
          const fresh = createPdfRenderer({ chromePath: config.chromePath, log: quiet });
          try {
            await fresh.renderPdf(page.html, options);
          } finally {
            await fresh.close();
          }
        }),
    );
    await reused.close();
    context.log(`reused ${comparison.subject.perSecond.toFixed(2)} PDFs/s, per job ${comparison.baseline.perSecond.toFixed(2)} PDFs/s`);

    const p99 = percentile(latencies, 99);
    return [
      {
        case: `one-page delivery bill, reused Chromium, ${parallel} at a time`,
        value: comparison.subject.perSecond,
        unit: 'PDFs/s',
        baseline: { label: 'a browser launched per job', value: comparison.baseline.perSecond },
        ratio: comparison.ratio,
        target: `>= ${targets.perSecond} PDFs/s and ratio >= ${targets.ratio}`,
        met: comparison.subject.perSecond >= targets.perSecond && comparison.ratio >= targets.ratio,
      },
      {
        case: `request to link, ${concurrent} concurrent requests (${latencyRounds} rounds), p99`,
        value: p99,
        unit: 'ms',
        target: `< ${targets.p99Ms} ms (lower is better)`,
        met: p99 < targets.p99Ms,
        note: `p50 ${percentile(latencies, 50).toFixed(0)} ms over ${latencies.length} requests; pdf queue concurrency ${parallel}, page pool ${config.pdfPagePoolSize}`,
      },
    ];
  } finally {
    await app.close();
    await jobs.stop();
    await queue.close();
  }
}
