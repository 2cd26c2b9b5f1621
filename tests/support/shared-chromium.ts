import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromeLaunchFlags } from '../../src/server/platform/pdf.js';

/** Launch flags for the system Chromium on CI machines and containers (see STACK.md): the PDF renderer's, headless. */
export const chromiumArgs = ['--headless', ...chromeLaunchFlags];

/**
 * The system Chromium: CHROME_PATH or /usr/bin/chromium. Not `findChrome`: that prefers the headless shell
 * the PDF renderer is content with, and the browser tests drive the full browser.
 */
export const chromiumPath = (): string => process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * One Chromium for the browser project's whole run (the global setup): each browser file connects to it
 * (TEST_CHROMIUM_WS) and opens its own contexts instead of launching a browser of its own. Without a
 * Chromium it starts nothing, and `startBrowserApp` says what is missing.
 */
export async function launchSharedChromium(): Promise<{ wsEndpoint?: string; close: () => Promise<void> }> {
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) return { close: async () => undefined };
  const server = await chromium.launchServer({ executablePath, headless: true, args: chromiumArgs });
  return { wsEndpoint: server.wsEndpoint(), close: () => server.close() };
}
