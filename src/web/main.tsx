import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage, publicRoutes } from './app/routes';
import { defaultLanguage, englishTexts, loadTexts, publicTexts, storedLanguage } from './lib/i18n';
import { restoreSession } from './lib/session';
import './ui/theme.css';
import './ui/layout.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const language = storedLanguage();
const signedIn = restoreSession() !== null;
// The sign-in and the pages it links to come prerendered (vite.config.ts, prerenderPublicPages): shown before
// any script runs, and hydrated when they are what this browser renders first, in its language and without a
// session (a signed-in user is led home). Otherwise the markup gives way to the app's own render.
const hydrate = root.dataset.prerendered === window.location.pathname && document.documentElement.lang === language && !signedIn;
// The first render waits for the texts of the public pages in the visitor's language (one small chunk);
// the console's other texts come with its screens (app/router.tsx). Should they fail to download,
// the page still starts, and a screen that needs them retries.
preloadPage(window.location.pathname, signedIn);
// A signed-in user opens the console: its texts (and the sidebar's English) start downloading now too.
if (signedIn && !publicRoutes.some((route) => route.path === window.location.pathname)) {
  void Promise.all([loadTexts(language), loadTexts(defaultLanguage, englishTexts)]).catch(() => undefined);
}
void loadTexts(language, publicTexts)
  .catch(() => undefined)
  .then(() => {
    const app = (
      <StrictMode>
        <App />
      </StrictMode>
    );
    if (hydrate) {
      hydrateRoot(root, app);
      return;
    }
    // A prerendered page the app does not take over goes at once (a form in it could be typed into for
    // nothing); the signed-in frame's stand-in stays until React's first commit replaces it with the same.
    if (root.dataset.prerendered !== 'frame') root.replaceChildren();
    const appRoot = createRoot(root);
    // A transition: React renders the first screen in slices, yielding to the browser between them, instead
    // of one long task (the signed-in frame and the home boards together took a quarter second of CPU).
    startTransition(() => appRoot.render(app));
  });
