// Build time only (vite.config.ts, prerenderPublicPages): the public pages a visitor opens first, rendered to
// HTML with the real components, one file per language; the server sends the one of the browser's language and
// main.tsx hydrates it. The first paint then needs no JavaScript (docs/performance.md).
import './lib/zod-config';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { ConsoleShell } from './app/layout/console-shell';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { displayRoutes, layoutRoutes, publicRoutes, stationRoutes } from './app/routes';
import { createI18n, defaultLanguage, englishTexts, languages, loadTexts, publicTexts, type Language } from './lib/i18n';

/** The addresses prerendered (the sign-in and the two pages it links to), with their screen's file (app/pages/auth-page.tsx). */
export const prerenderedPages = [
  { path: '/login', screenFile: 'login-screen' },
  { path: '/registration', screenFile: 'registration-screen' },
  { path: '/forgot-password', screenFile: 'forgot-password-screen' },
] as const;

export { languages };

/**
 * The addresses the server sends the prerendered frame (renderFrame), as wouter patterns: `frame`, the frame's screens
 * and "/" (which leads home); `before`, the routes the router matches first (app/router.tsx), which take an address
 * that a frame pattern would match too (`/station/:id/work` before `/station/edit-production-station/:id?`).
 */
export const framePaths = {
  frame: ['/', ...layoutRoutes.map((route) => route.path)],
  before: [...publicRoutes, ...stationRoutes, ...displayRoutes].map((route) => route.path),
};

export interface PrerenderedPage {
  /** The markup inside `#root`. */
  html: string;
  /** The document's title, as useDocumentTitle sets it. */
  title: string;
}

/** Renders a public page in a language as the browser's first render will (no session, nothing stored). */
export async function renderPublicPage(path: string, language: Language): Promise<PrerenderedPage> {
  await loadTexts(language, publicTexts);
  const i18n = createI18n(language);
  const screen = publicRoutes.find((route) => route.path === path)?.screen;
  if (!screen) throw new Error(`${path} is no public page`);
  const screenTitle = i18n.t(`screens.${screen}.title`);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders i18n={i18n} ssrPath={path}>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
  return { html: await new Response(prelude).text(), title: `${screenTitle} · ${i18n.t('common.appName')}` };
}

/** The signed-in frame's stand-in in a language (app/layout/console-shell.tsx), as the router shows it until the frame is in. */
export async function renderFrame(language: Language): Promise<PrerenderedPage> {
  // The sidebar's English too, as the real frame has it.
  await Promise.all([loadTexts(language, publicTexts), loadTexts(defaultLanguage, englishTexts)]);
  const i18n = createI18n(language);
  const { prelude } = await prerender(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ConsoleShell />
      </I18nextProvider>
    </StrictMode>,
  );
  return { html: await new Response(prelude).text(), title: i18n.t('common.appName') };
}
