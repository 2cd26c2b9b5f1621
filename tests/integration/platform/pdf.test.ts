import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createJobServices } from '../../../src/server/jobs.js';
import { loadConfig } from '../../../src/server/platform/config.js';
import { createEventStore } from '../../../src/server/platform/event-store.js';
import { createJobQueue } from '../../../src/server/platform/jobs-queue.js';
import type { JobLogger, JobQueue, JobWorkers } from '../../../src/server/platform/jobs.js';
import { chromeLaunchFlags, createPdfRenderer, findChrome, killStrayChromium, type PdfRenderer } from '../../../src/server/platform/pdf.js';
import { createRenderPdfJob, definePdfDocument } from '../../../src/server/platform/render-pdf.jobs.js';
import { createTestDatabase, type TestDatabase } from '../../support/database.js';
import { quietLog, waitForJob } from './jobs-support.js';

const hasPdftotext = !spawnSync('pdftotext', ['-v']).error;
const workDir = mkdtempSync(path.join(tmpdir(), 'pdf-test-'));

/** The text a reader sees in the PDF (pdftotext), or undefined where poppler is not installed. */
function textOf(pdf: Buffer): string | undefined {
  if (!hasPdftotext) return undefined;
  const file = path.join(workDir, `${randomUUID()}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

function expectPdfWithText(pdf: Buffer, title: string, texts: string[]) {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.subarray(-8).toString('latin1')).toContain('%%EOF');
  const text = textOf(pdf);
  if (text === undefined) {
    // Without poppler: the document title is stored as plain text in the PDF's info dictionary.
    expect(pdf.toString('latin1')).toContain(`/Title (${title})`);
    return;
  }
  for (const expected of texts) expect(text).toContain(expected);
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

let renderer: PdfRenderer;

beforeAll(() => {
  renderer = createPdfRenderer({ chromePath: process.env.CHROME_PATH, recycleAfter: 2, log: quietLog });
});

afterAll(async () => {
  await renderer?.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe('renderPdf', () => {
  it('prints an HTML page to a PDF holding its text', async () => {
    const pdf = await renderer.renderPdf(page('Lieferschein 42', '<h1>Lieferschein 42</h1><p>Größe: 12 × 30 mm, Menge 250</p>'));
    expectPdfWithText(pdf, 'Lieferschein 42', ['Lieferschein 42', 'Größe: 12 × 30 mm, Menge 250']);
  });

  it('keeps printing while its browser is replaced every few documents', async () => {
    const titles = Array.from({ length: 5 }, (_, i) => `Order ${i + 1}`);
    const pdfs = await Promise.all(titles.map((title) => renderer.renderPdf(page(title, `<p>${title} ready to ship</p>`))));
    pdfs.forEach((pdf, i) => expectPdfWithText(pdf, titles[i], [`${titles[i]} ready to ship`]));
    const after = await renderer.renderPdf(page('After recycling', '<p>still printing</p>'));
    expectPdfWithText(after, 'After recycling', ['still printing']);
  });

  it('prints landscape Letter when asked', async () => {
    const pdf = await renderer.renderPdf(page('Wide', '<p>wide table</p>'), { format: 'Letter', landscape: true });
    // Letter landscape is 792 x 612 points.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 792 612\]/);
  });

  describe('a page that tries to reach out', () => {
    let server: Server;
    let requests = 0;

    beforeAll(async () => {
      server = createServer((_request, response) => {
        requests += 1;
        response.end('body { color: red }');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });

    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('loads nothing from the network and runs no script', async () => {
      const { port } = server.address() as AddressInfo;
      const html = page(
        'Offline',
        `<link rel="stylesheet" href="http://127.0.0.1:${port}/style.css"><img src="http://127.0.0.1:${port}/logo.png">` +
          `<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">` +
          `<p id="note">printed as written</p><script>document.getElementById('note').textContent = 'changed by a script'</script>`,
      );
      const pdf = await renderer.renderPdf(html);
      expectPdfWithText(pdf, 'Offline', ['printed as written']);
      expect(textOf(pdf) ?? '').not.toContain('changed by a script');
      expect(requests).toBe(0);
    });
  });

  it('prints more documents at once than its page pool holds: the others wait for a page, each gets its own text', async () => {
    const pooled = createPdfRenderer({ chromePath: process.env.CHROME_PATH, pagePoolSize: 1, log: quietLog });
    try {
      const pdfs = await Promise.all([1, 2, 3].map((n) => pooled.renderPdf(page(`Beleg ${n}`, `<h1>Beleg ${n}</h1>`))));
      pdfs.forEach((pdf, index) => expectPdfWithText(pdf, `Beleg ${index + 1}`, [`Beleg ${index + 1}`]));
    } finally {
      await pooled.close();
    }
  });

  it('starts Chromium ahead of the first print with its whole page pool set up', async () => {
    const said: { message?: string; details: object }[] = [];
    const log: JobLogger = {
      info: (details, message) => said.push({ details, message }),
      warn: (details, message) => said.push({ details, message }),
      error: (details, message) => said.push({ details, message }),
      child: () => log,
    };
    const warm = createPdfRenderer({ chromePath: process.env.CHROME_PATH, pagePoolSize: 3, log });
    try {
      await warm.warmUp();
      expect(said).toEqual([{ message: 'Chromium started, its pages set up', details: { pages: 3 } }]);
      const pdfs = await Promise.all([1, 2, 3].map((n) => warm.renderPdf(page(`Warm ${n}`, `<p>Warm ${n}</p>`))));
      pdfs.forEach((pdf, index) => expectPdfWithText(pdf, `Warm ${index + 1}`, [`Warm ${index + 1}`]));
    } finally {
      await warm.close();
    }
  });

  it('replaces a browser due for recycling with one whose pages are set up, printing all along', async () => {
    const said: string[] = [];
    const log: JobLogger = { info: (_d, message) => said.push(message ?? ''), warn() {}, error() {}, child: () => log };
    const recycled = createPdfRenderer({ chromePath: process.env.CHROME_PATH, recycleAfter: 2, pagePoolSize: 1, log });
    try {
      for (let n = 1; n <= 6; n++) expectPdfWithText(await recycled.renderPdf(page(`Run ${n}`, `<p>Run ${n}</p>`)), `Run ${n}`, [`Run ${n}`]);
      // The first browser started with the first print; its successor, launched after the second,
      // sets its page up in the background (a slow machine hands over after 2 more prints anyway).
      while (!said.includes('Chromium started, its pages set up')) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await recycled.close();
    }
  });

  it('warms up without a browser installed: says so, and the print fails naming CHROME_PATH', async () => {
    const warned: string[] = [];
    const log: JobLogger = { info() {}, warn: (_d, message) => warned.push(message ?? ''), error() {}, child: () => log };
    const broken = createPdfRenderer({ chromePath: '/nonexistent/chromium', log });
    await broken.warmUp();
    expect(warned).toEqual(['Chromium was not started ahead of the first print']);
    await expect(broken.renderPdf(page('x', 'x'))).rejects.toThrow('CHROME_PATH points to /nonexistent/chromium');
    await broken.close();
  });

  it('names CHROME_PATH when it points nowhere', async () => {
    const broken = createPdfRenderer({ chromePath: '/nonexistent/chromium', log: quietLog });
    await expect(broken.renderPdf(page('x', 'x'))).rejects.toThrow('CHROME_PATH points to /nonexistent/chromium, which does not exist');
    await broken.close();
  });

  it('kills a Chromium an earlier run left behind (its owner gone), and leaves the browsers of live owners alone', async () => {
    const finished = spawn('true');
    const deadOwner = finished.pid ?? 0;
    await new Promise((resolve) => finished.on('exit', resolve));
    const stray = spawn(
      findChrome(process.env.CHROME_PATH),
      [
        ...chromeLaunchFlags,
        '--headless',
        '--remote-debugging-port=0',
        `--user-data-dir=${mkdtempSync(path.join(workDir, 'stray-'))}`,
        `--shopfloor-owner=${deadOwner}`,
        'about:blank',
      ],
      { stdio: 'ignore' },
    );
    const exited = new Promise((resolve) => stray.on('exit', resolve));
    // This process's own browser runs (printing), marked with a live owner.
    await renderer.renderPdf(page('Vorher', 'vorher'));
    expect(killStrayChromium(quietLog)).toBeGreaterThanOrEqual(1);
    await exited;
    // This process's own browser is not a stray: it still prints.
    expectPdfWithText(await renderer.renderPdf(page('Danach', 'danach')), 'Danach', ['danach']);
  });

  it('refuses to print once closed', async () => {
    const closing = createPdfRenderer({ chromePath: process.env.CHROME_PATH, log: quietLog });
    await closing.close();
    await expect(closing.renderPdf(page('x', 'x'))).rejects.toThrow('The PDF renderer is closed');
  });
});

describe('the render-pdf job', () => {
  const delivered = new Map<string, Buffer>();
  const deliveryNote = definePdfDocument({
    name: 'test-delivery-note',
    params: z.object({ shipmentId: z.string(), customer: z.string() }),
    async html(params, locale) {
      const heading = locale === 'de' ? 'Lieferschein' : 'Delivery note';
      return page(`${heading} ${params.shipmentId}`, `<h1>${heading} ${params.shipmentId}</h1><p>${params.customer}</p>`);
    },
    async deliver(pdf, params) {
      delivered.set(params.shipmentId, pdf);
    },
  });

  let testDb: TestDatabase;
  let config: ReturnType<typeof loadConfig>;
  let services: ReturnType<typeof createJobServices>;
  let queue: JobQueue;
  let workers: JobWorkers;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'x'.repeat(40),
      DATABASE_URL: testDb.url,
      LOG_LEVEL: 'silent',
      CHROME_PATH: process.env.CHROME_PATH,
    });
    services = createJobServices({ config, database: testDb.database, eventStore: createEventStore(), log: quietLog });
    queue = createJobQueue({ retry: { attempts: 2, backoffMs: 20 } });
    workers = queue.startWorkers([createRenderPdfJob([deliveryNote])], services);
  });

  afterAll(async () => {
    await workers?.close();
    await queue?.close();
    await services?.close();
    await testDb?.drop();
  });

  it('prints a registered document in the requested language and hands the file on', async () => {
    await queue.add(
      'pdf',
      'render-pdf',
      { document: 'test-delivery-note', locale: 'de', params: { shipmentId: 'S-7', customer: 'Müller GmbH' } },
      { jobId: 'note-S-7' },
    );
    expect((await waitForJob(queue, 'pdf', 'note-S-7', ['completed', 'failed'])).state).toBe('completed');
    expectPdfWithText(delivered.get('S-7') as Buffer, 'Lieferschein S-7', ['Lieferschein S-7', 'Müller GmbH']);
  });

  it('starts Chromium with its page pool as the workers start, when asked (the default outside NODE_ENV=test)', async () => {
    const said: string[] = [];
    const log: JobLogger = { info: (_details, message) => said.push(message ?? ''), warn() {}, error() {}, child: () => log };
    const warmServices = createJobServices({ config, database: testDb.database, eventStore: createEventStore(), log });
    const warmQueue = createJobQueue({});
    const warmWorkers = warmQueue.startWorkers([createRenderPdfJob([deliveryNote])], warmServices, { warmUpPdf: true });
    try {
      // No job was added: the browser starts because the workers did (the test's timeout ends a wait that never does).
      while (!said.includes('Chromium started, its pages set up')) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await warmWorkers.close();
      await warmQueue.close();
      await warmServices.close();
    }
  });

  it('fails a document kind nobody registered, without retrying', async () => {
    await queue.add('pdf', 'render-pdf', { document: 'invoice', locale: 'en', params: {} }, { jobId: 'unknown-kind' });
    const job = await waitForJob(queue, 'pdf', 'unknown-kind', ['completed', 'failed']);
    expect(job).toMatchObject({ state: 'failed', attemptsMade: 1, failedReason: 'No PDF document kind invoice is registered' });
  });

  it('fails a document whose params do not fit, without retrying', async () => {
    await queue.add('pdf', 'render-pdf', { document: 'test-delivery-note', locale: 'en', params: { shipmentId: 7 } }, { jobId: 'bad-params' });
    const job = await waitForJob(queue, 'pdf', 'bad-params', ['completed', 'failed']);
    expect(job).toMatchObject({ state: 'failed', attemptsMade: 1 });
    expect(job.failedReason).toMatch(/Params of document test-delivery-note are not valid/);
  });
});
