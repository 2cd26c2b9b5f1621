import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nProvider as AriaI18nProvider, RouterProvider } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useCompanyDateFormat } from '../features/company-settings/use-company-date-format';
import { useAuth } from '../lib/auth';
import { localeOf } from '../lib/locale';
import { consoleQueryClient } from '../lib/query-client';
import { LiveFeedProvider } from '../lib/use-live-feed';

/** Number, date and list formats of react-aria follow the console's language. */
export function AriaLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <AriaI18nProvider locale={localeOf(i18n.resolvedLanguage)}>{children}</AriaI18nProvider>;
}

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: { replace?: boolean; state?: unknown };
  }
}

/** react-aria links and breadcrumbs navigate through wouter, without a page load. */
function AriaRouter({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  return <RouterProvider navigate={(href, options) => navigate(href, options)}>{children}</RouterProvider>;
}

/**
 * Every date of the signed-in company's screens in its date format: inside the frame, and on the station's
 * tablet and the shop-floor display outside it.
 */
function CompanyDateFormat() {
  const { session } = useAuth();
  useCompanyDateFormat(session?.company ?? null);
  return null;
}

/**
 * What the console's screens rely on beyond the start-up's providers (app/providers.tsx): the query client, the
 * live feed and react-aria's language and navigation. Loaded with the screens (app/router.tsx), so the sign-in
 * page loads neither the query library nor react-aria (docs/performance.md).
 */
export default function ConsoleProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={consoleQueryClient()}>
      <AriaLocale>
        <LiveFeedProvider>
          <CompanyDateFormat />
          <AriaRouter>{children}</AriaRouter>
        </LiveFeedProvider>
      </AriaLocale>
    </QueryClientProvider>
  );
}
