import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { lazy, Suspense, useCallback, type ReactNode } from 'react';
import { I18nProvider as AriaI18nProvider, RouterProvider } from 'react-aria-components';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { AuthProvider } from '../lib/auth';
import { localeOf } from '../lib/locale';
import { NavigationGuardProvider, type LeavePrompt } from '../lib/navigation-guard';
import { LiveFeedProvider } from '../lib/use-live-feed';
import { NotificationProvider, useNotify } from '../ui/notification-bar';

/** Number, date and list formats of react-aria follow the console's language. */
function AriaLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <AriaI18nProvider locale={localeOf(i18n.resolvedLanguage)}>{children}</AriaI18nProvider>;
}

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: { replace?: boolean };
  }
}

/** react-aria links and breadcrumbs navigate through wouter, without a page load. */
function AriaRouter({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  return <RouterProvider navigate={(href, options) => navigate(href, options)}>{children}</RouterProvider>;
}

// The dialog (react-aria's modal) downloads the first time a guard asks, not with every page.
const UnsavedChangesDialog = lazy(() => import('../ui/unsaved-changes-dialog').then((module) => ({ default: module.UnsavedChangesDialog })));

const leavePrompt = (prompt: LeavePrompt | null) =>
  prompt === null ? null : (
    <Suspense fallback={null}>
      <UnsavedChangesDialog isOpen onStay={() => prompt.stay()} onLeave={() => prompt.leave()} />
    </Suspense>
  );

function Auth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const onSessionEnded = useCallback(() => notify({ severity: 'warning', message: t('message.sessionEnded'), outranksErrors: true }), [notify, t]);
  return <AuthProvider onSessionEnded={onSessionEnded}>{children}</AuthProvider>;
}

export interface AppProvidersProps {
  queryClient: QueryClient;
  i18n: I18n;
  children: ReactNode;
  /** The address rendered without a window (src/web/prerender.tsx). */
  ssrPath?: string;
}

/** Everything the screens rely on: translations, the query client, notifications, auth, the live feed, navigation and its guard against losing unsaved changes. */
export function AppProviders({ queryClient, i18n, children, ssrPath }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <AriaLocale>
        <QueryClientProvider client={queryClient}>
          <NotificationProvider>
            <Auth>
              <LiveFeedProvider>
                <NavigationGuardProvider renderPrompt={leavePrompt} ssrPath={ssrPath}>
                  <AriaRouter>{children}</AriaRouter>
                </NavigationGuardProvider>
              </LiveFeedProvider>
            </Auth>
          </NotificationProvider>
        </QueryClientProvider>
      </AriaLocale>
    </I18nextProvider>
  );
}
