import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/**
 * Marks the Chromium this process starts (an argument Chromium ignores): `--shopfloor-owner=<pid>`.
 * A browser whose owner is gone is a stray of an earlier run (`killStrayChromium`).
 */
const ownerFlag = '--shopfloor-owner=';

/**
 * Chromium that dies with its parent: the DevTools protocol runs over a pipe (`pipe: true`), and
 * Chromium, the headless shell as the full browser, exits as soon as that pipe closes, which it does
 * when this process ends however it ends (SIGKILL included); its renderers and zygote follow it.
 * Over a WebSocket (puppeteer's default) a killed worker left its browser running (issue 32).
 */
export function chromeLaunchOptions(executablePath: string) {
  return { executablePath, headless: true, pipe: true, args: [...chromeLaunchFlags, `${ownerFlag}${process.pid}`] };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Kills the Chromium browsers an earlier run of this program left behind: those marked with an owner
 * (`--shopfloor-owner`) that no longer runs, such as a process killed before Chromium died with
 * it (a version before the pipe). Linux only (`/proc`); elsewhere, and for unmarked browsers, nothing.
 * Answers how many it killed.
 */
export function killStrayChromium(log: Pick<JobLogger, 'warn'>): number {
  if (!existsSync('/proc/self/cmdline')) return 0;
  let killed = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    const owner = Number(args.find((arg) => arg.startsWith(ownerFlag))?.slice(ownerFlag.length));
    if (!owner || owner === process.pid || isAlive(owner)) continue;
    try {
      process.kill(Number(entry), 'SIGKILL');
      killed += 1;
    } catch {
      // gone meanwhile, or not ours to kill
    }
  }
  if (killed > 0) log.warn({ killed }, 'killed Chromium processes an earlier run left behind');
  return killed;
}

/**
 * Debian's `chromium-headless-shell` first: the same Chromium built as the old headless shell, made
 * for printing and screenshots, prints a one-page document at about twice the rate of the full
 * browser in headless mode on the same cores (docs/documents.md, Speed). The full browser prints
 * the same documents where the shell is not installed.
 */
const chromeCandidates = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** CHROME_PATH when set, else the first system browser found; never a downloaded one. */
export function findChrome(chromePath?: string): string {
  if (chromePath) {
    if (!existsSync(chromePath)) throw new Error(`CHROME_PATH points to ${chromePath}, which does not exist`);
    return chromePath;
  }
  const found = chromeCandidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`No Chromium found at ${chromeCandidates.join(', ')}: install chromium-headless-shell (or chromium) or set CHROME_PATH`);
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
  /**
   * Starts the browser and sets up its pool of pages, each printing a small page once, so the
   * first documents after start-up print as fast as later ones. Never rejects: a browser that does
   * not start is logged, and the first print tries again (and fails its job).
   */
  warmUp(): Promise<void>;
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
  /** Settles once the pool's pages are open and have printed once (never rejects). */
  warm: Promise<void>;
  /** True once `warm` settled: a successor takes over from a browser due for recycling only then. */
  ready: boolean;
}

/** What a new page prints once before its first document: text, bold, a table, in the fonts documents use. */
const warmUpPage =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>warm-up</title>' +
  "<style>body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; }</style></head>" +
  '<body><h1>Warm-up</h1><table><tr><th>Pos.</th><td>1 &times; 12,5 mm</td></tr></table><p><b>Ready</b></p></body></html>';

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

/** A renderer's options with their defaults applied. */
interface RendererSettings {
  chromePath?: string;
  recycleAfter: number;
  timeout: number;
  poolSize: number;
  log: JobLogger;
}

/** Prints in flight, at most `size`, and the ones waiting for a page of the pool (first come, first served). */
function createPrintSlots(size: number) {
  let printing = 0;
  const waiting: (() => void)[] = [];
  return {
    async take() {
      if (printing < size) {
        printing += 1;
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    free() {
      const next = waiting.shift();
      if (next) next();
      else printing -= 1;
    },
  };
}

/** Keeps a page that printed in its browser's pool, unless the pool is full or the browser is retiring. */
async function giveBack(lease: BrowserLease, page: Page, poolSize: number): Promise<void> {
  if (!lease.retired && lease.idle.length < poolSize) lease.idle.push(page);
  else await page.close().catch(() => {});
}

/**
 * Opens the pool's pages of a new browser at once, each printing a small page: a renderer's first
 * print lays out fonts and starts the PDF backend, which would otherwise fall on a user's document.
 */
async function warmPool(lease: BrowserLease, { poolSize, timeout, log }: RendererSettings): Promise<void> {
  let browser: Browser;
  try {
    browser = await lease.browser;
  } catch {
    return;
  }
  await Promise.all(
    Array.from({ length: poolSize }, async () => {
      let page: Page | undefined;
      try {
        page = await openPage(browser);
        await page.setContent(warmUpPage, { waitUntil: 'load', timeout });
        await page.pdf({ format: 'A4', printBackground: true, timeout });
        await giveBack(lease, page, poolSize);
      } catch (error) {
        if (!lease.retired) log.warn({ err: error }, 'a Chromium page did not warm up; prints open their own');
        await page?.close().catch(() => {});
      }
    }),
  );
  if (!lease.retired) log.info({ pages: lease.idle.length }, 'Chromium started, its pages set up');
}

/**
 * A new browser; `warm`: open and warm its whole page pool in the background (`warmUp`, a successor).
 * `retire` is called when the browser disconnects or does not start.
 */
function launchBrowser(settings: RendererSettings, warm: boolean, retire: (lease: BrowserLease) => void): BrowserLease {
  let executablePath: string;
  try {
    executablePath = findChrome(settings.chromePath);
  } catch (error) {
    // A missing browser is the installation's fault: no retry within the job's backoff fixes it,
    // so the job fails at once and stays in the failed list until an operator retries it.
    throw permanentJobFailure((error as Error).message);
  }
  const lease: BrowserLease = {
    browser: puppeteer.launch(chromeLaunchOptions(executablePath)),
    uses: 0,
    active: 0,
    retired: false,
    idle: [],
    warm: Promise.resolve(),
    ready: false,
  };
  lease.browser.then(
    (browser) => browser.on('disconnected', () => retire(lease)),
    (error: unknown) => {
      settings.log.error({ err: error, executablePath }, 'Chromium did not start');
      retire(lease);
    },
  );
  if (warm) {
    lease.warm = warmPool(lease, settings).finally(() => {
      lease.ready = true;
    });
  } else lease.ready = true;
  return lease;
}

/**
 * The browsers of one renderer: the current one, its successor while that warms, and those closing.
 * A browser due for recycling keeps printing until its successor, launched in the background, has
 * warmed its pages (at most `recycleAfter` prints more): no print waits for a cold browser.
 */
function createBrowserLeases(settings: RendererSettings) {
  const { recycleAfter } = settings;
  const closing = new Set<Promise<void>>();
  let current: BrowserLease | undefined;
  let successor: BrowserLease | undefined;
  let strays: number | undefined;

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
    if (successor === lease) successor = undefined;
    if (lease.active === 0) shutDown(lease);
  };
  const launch = (warm: boolean) => {
    // Once per renderer, before its first browser: what an earlier run left behind goes.
    strays ??= killStrayChromium(settings.log);
    return launchBrowser(settings, warm, retire);
  };

  return {
    /** The browser the next print uses, counted as busy until `release`. */
    acquire(): BrowserLease {
      if (successor?.retired) successor = undefined;
      if (current && current.uses >= recycleAfter) {
        try {
          successor ??= launch(true);
        } catch {
          // No browser to launch (CHROME_PATH gone): the running one keeps printing.
        }
        if (successor && (successor.ready || current.uses >= recycleAfter * 2)) {
          retire(current);
          current = successor;
          successor = undefined;
        }
      }
      if (!current) {
        current = successor ?? launch(false);
        successor = undefined;
      }
      current.uses += 1;
      current.active += 1;
      return current;
    },
    release(lease: BrowserLease) {
      lease.active -= 1;
      if (lease.retired && lease.active === 0) shutDown(lease);
    },
    /** The current browser, launched with a warm pool when there is none; throws when none can launch. */
    start(): BrowserLease {
      current ??= launch(true);
      return current;
    },
    async closeAll() {
      if (successor) retire(successor);
      if (current) retire(current);
      while (closing.size > 0) await Promise.all([...closing]);
    },
  };
}

/** Prints `html` on a page of the pool (or a new one); the page goes back to the pool only if it printed. */
async function printOn(lease: BrowserLease, html: string, pdfOptions: PdfOptions, { poolSize, timeout }: RendererSettings): Promise<Buffer> {
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
    if (reusable) await giveBack(lease, page, poolSize);
    else await page.close().catch(() => {});
  }
}

/**
 * One reused Chromium, started by `warmUp()` or the first print and replaced every `recycleAfter`
 * prints or after a crash, with a pool of at most `pagePoolSize` pages: a page that printed takes
 * the next document, so a print costs a `setContent` and a `pdf`, not a new tab; more prints at
 * once wait for a page. `warmUp()` and a successor open the whole pool at once and print a small
 * page on each; a browser due for recycling keeps printing until its successor has done so.
 */
export function createPdfRenderer(options: PdfRendererOptions): PdfRenderer {
  const settings: RendererSettings = {
    chromePath: options.chromePath,
    recycleAfter: options.recycleAfter ?? 100,
    timeout: options.timeoutMs ?? 30_000,
    poolSize: Math.max(1, options.pagePoolSize ?? 4),
    log: options.log,
  };
  const slots = createPrintSlots(settings.poolSize);
  const leases = createBrowserLeases(settings);
  let closed = false;

  return {
    async renderPdf(html, pdfOptions = {}) {
      if (closed) throw new Error('The PDF renderer is closed');
      await slots.take();
      let lease: BrowserLease;
      try {
        lease = leases.acquire();
      } catch (error) {
        slots.free();
        throw error;
      }
      try {
        return await printOn(lease, html, pdfOptions, settings);
      } finally {
        leases.release(lease);
        slots.free();
      }
    },
    async warmUp() {
      if (closed) return;
      let lease: BrowserLease;
      try {
        lease = leases.start();
      } catch (error) {
        options.log.warn({ err: error }, 'Chromium was not started ahead of the first print');
        return;
      }
      await lease.warm;
    },
    async close() {
      closed = true;
      await leases.closeAll();
    },
  };
}
