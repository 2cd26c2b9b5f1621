import { useState } from 'react';
import { createI18n } from '../lib/i18n';
import { AppProviders } from './providers';
import { AppRouter } from './router';

/** The console: providers around the route table. */
export function App() {
  const [i18n] = useState(() => createI18n());
  return (
    <AppProviders i18n={i18n}>
      <AppRouter />
    </AppProviders>
  );
}
