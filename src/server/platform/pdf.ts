import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type HTTPRequest } from 'puppeteer-core';
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
  log: JobLogger;
}

interface BrowserLease {
  browser: Promise<Browser>;
  uses: number;
  active: number;
  retired: boolean;
}

/** Only the document itself and inline data may load: a document can never reach the network. */
function allowInlineOnly(request: HTTPRequest) {
  const url = request.url();
  if (url.startsWith('data:') || url === 'about:blank') void request.continue().catch(() => {});
  else void request.abort('blockedbyclient').catch(() => {});
}

/** One reused Chromium, started on the first print and replaced every `recycleAfter` prints or after a crash. */
export function createPdfRenderer(options: PdfRendererOptions): PdfRenderer {
  const recycleAfter = options.recycleAfter ?? 100;
  const timeout = options.timeoutMs ?? 30_000;
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
    const executablePath = findChrome(options.chromePath);
    const lease: BrowserLease = {
      browser: puppeteer.launch({ executablePath, headless: true, args: chromeLaunchFlags }),
      uses: 0,
      active: 0,
      retired: false,
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
      const lease = acquire();
      try {
        const page = await (await lease.browser).newPage();
        try {
          await page.setJavaScriptEnabled(false);
          await page.setRequestInterception(true);
          page.on('request', allowInlineOnly);
          await page.setContent(html, { waitUntil: 'load', timeout });
          const pdf = await page.pdf({
            format: pdfOptions.format ?? 'A4',
            landscape: pdfOptions.landscape ?? false,
            printBackground: true,
            timeout,
          });
          return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
        } finally {
          await page.close().catch(() => {});
        }
      } finally {
        release(lease);
      }
    },
    async close() {
      closed = true;
      if (current) retire(current);
      while (closing.size > 0) await Promise.all([...closing]);
    },
  };
}
