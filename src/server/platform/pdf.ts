import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer-core';
import { permanentJobFailure } from './job-errors.js';
import type { JobLogger } from './jobs.js';

/** Flags measured on this project's machines (STACK.md): no sandbox in containers, no GPU, no background traffic. */
export const chromeLaunchFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const chromeCandidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** CHROME_PATH when set, else the first system browser found; never a downloaded one. */
export function findChrome(chromePath?: string): string {
  if (chromePath) {
    if (!existsSync(chromePath)) throw new Error(`CHROME_PATH points to ${chromePath}, which does not exist`);
    return chromePath;
  }
  const found = chromeCandidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`No Chromium found at ${chromeCandidates.join(', ')}: install chromium or set CHROME_PATH`);
  return found;
}

export interface PdfOptions {
  format?: 'A4' | 'Letter';
  landscape?: boolean;
  /** A page size of its own (a 100 x 50 mm label: `'100mm'`, `'50mm'`); both set, they win over `format`. */
  width?: string;
  height?: string;
  /**
   * A tagged (accessible) PDF, default true. Tagging costs about as much again as the print
   * itself; turn it off only for what is never read on a screen (labels for a printer).
   */
  tagged?: boolean;
}

export interface PdfRenderer {
  /**
   * Prints a complete HTML page to PDF bytes. The page loads nothing from the network and runs
   * no scripts: styles, fonts and images must be inline (data: URLs). Never call it inside a
   * database transaction: printing takes hundreds of milliseconds.
   */
  renderPdf(html: string, options?: PdfOptions): Promise<Buffer>;
  /** Waits for prints in flight, then closes the browser. */
  close(): Promise<void>;
}

export interface PdfRendererOptions {
  chromePath?: string;
  /** A browser prints this many documents, then a fresh one takes over (bounds memory growth). */
  recycleAfter?: number;
  /** Per page load and per print, in ms. */
  timeoutMs?: number;
  /**
   * Pages kept set up for prints (`PDF_PAGE_POOL_SIZE`, default 4): at most this many print at
   * once; a print beyond waits for a page. Match it to the pdf queue's concurrency.
   */
  pagePoolSize?: number;
  log: JobLogger;
}

interface BrowserLease {
  browser: Promise<Browser>;
  uses: number;
  active: number;
  retired: boolean;
  /** Pages set up (no JavaScript, inline loads only) and free for the next print: the page pool. */
  idle: Page[];
}

/** Only the document itself and inline data may load: a document can never reach the network. */
function allowInlineOnly(request: HTTPRequest) {
  const url = request.url();
  if (url.startsWith('data:') || url === 'about:blank') void request.continue().catch(() => {});
  else void request.abort('blockedbyclient').catch(() => {});
}

/** A page that runs no JavaScript and loads nothing but inline data. */
async function openPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  await page.setJavaScriptEnabled(false);
  await page.setRequestInterception(true);
  page.on('request', allowInlineOnly);
  return page;
}

/**
 * One reused Chromium, started on the first print and replaced every `recycleAfter` prints or after
 * a crash, with a pool of at most `pagePoolSize` pages: a page that printed takes the next document,
 * so a print costs a `setContent` and a `pdf`, not a new tab; more prints at once wait for a page.
 */
export function createPdfRenderer(options: PdfRendererOptions): PdfRenderer {
  const recycleAfter = options.recycleAfter ?? 100;
  const timeout = options.timeoutMs ?? 30_000;
  const poolSize = Math.max(1, options.pagePoolSize ?? 4);
  // Prints in flight, and the ones waiting for a page of the pool (first come, first served).
  let printing = 0;
  const waiting: (() => void)[] = [];
  const takeSlot = async () => {
    if (printing < poolSize) {
      printing += 1;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const freeSlot = () => {
    const next = waiting.shift();
    if (next) next();
    else printing -= 1;
  };
  const closing = new Set<Promise<void>>();
  let current: BrowserLease | undefined;
  let closed = false;

  const shutDown = (lease: BrowserLease) => {
    const done = lease.browser
      .then((browser) => browser.close())
      .catch(() => {})
      .finally(() => closing.delete(done));
    closing.add(done);
  };

  const retire = (lease: BrowserLease) => {
    if (lease.retired) return;
    lease.retired = true;
    if (current === lease) current = undefined;
    if (lease.active === 0) shutDown(lease);
  };

  const launch = (): BrowserLease => {
    let executablePath: string;
    try {
      executablePath = findChrome(options.chromePath);
    } catch (error) {
      // A missing browser is the installation's fault: no retry within the job's backoff fixes it,
      // so the job fails at once and stays in the failed list until an operator retries it.
      throw permanentJobFailure((error as Error).message);
    }
    const lease: BrowserLease = {
      browser: puppeteer.launch({ executablePath, headless: true, args: chromeLaunchFlags }),
      uses: 0,
      active: 0,
      retired: false,
      idle: [],
    };
    lease.browser.then(
      (browser) => browser.on('disconnected', () => retire(lease)),
      (error: unknown) => {
        options.log.error({ err: error, executablePath }, 'Chromium did not start');
        retire(lease);
      },
    );
    return lease;
  };

  const acquire = (): BrowserLease => {
    if (current && current.uses >= recycleAfter) retire(current);
    current ??= launch();
    current.uses += 1;
    current.active += 1;
    return current;
  };

  const release = (lease: BrowserLease) => {
    lease.active -= 1;
    if (lease.retired && lease.active === 0) shutDown(lease);
  };

  return {
    async renderPdf(html, pdfOptions = {}) {
      if (closed) throw new Error('The PDF renderer is closed');
      await takeSlot();
      let lease: BrowserLease;
      try {
        lease = acquire();
      } catch (error) {
        freeSlot();
        throw error;
      }
      try {
        const page = lease.idle.pop() ?? (await openPage(await lease.browser));
        let reusable = false;
        try {
          await page.setContent(html, { waitUntil: 'load', timeout });
          const size = pdfOptions.width && pdfOptions.height ? { width: pdfOptions.width, height: pdfOptions.height } : { format: pdfOptions.format ?? 'A4' };
          const pdf = await page.pdf({
            ...size,
            landscape: pdfOptions.landscape ?? false,
            tagged: pdfOptions.tagged ?? true,
            printBackground: true,
            timeout,
          });
          reusable = true;
          return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
        } finally {
          // A page that printed goes back to the pool of its browser (the next setContent replaces
          // the document); one that failed, or whose browser is retiring, is closed.
          if (reusable && !lease.retired) lease.idle.push(page);
          else await page.close().catch(() => {});
        }
      } finally {
        release(lease);
        freeSlot();
      }
    },
    async close() {
      closed = true;
      if (current) retire(current);
      while (closing.size > 0) await Promise.all([...closing]);
    },
  };
}
