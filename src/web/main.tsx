// First: zod without eval, before any module builds a schema (lib/zod-config.ts).
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPublicPage } from './app/routes';
import { loadTexts, publicNamespaces, storedLanguage } from './lib/i18n';
import './ui/theme.css';
import './ui/layout.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The first paint waits for the texts of the public pages in the visitor's language (one small chunk);
// the console's other texts come with its screens (app/router.tsx). Should they fail to download,
// the page still starts, and a screen that needs them retries.
preloadPublicPage(window.location.pathname);
void loadTexts(storedLanguage(), publicNamespaces)
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
