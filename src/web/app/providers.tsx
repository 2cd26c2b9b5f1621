import type { i18n as I18n } from 'i18next';
import { lazy, Suspense, useCallback, type ComponentProps, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { AuthProvider } from '../lib/auth';
import { NavigationGuardProvider, type LeavePrompt } from '../lib/navigation-guard';
import { NotificationProvider, useNotify } from '../ui/notification-bar';

// The dialog (react-aria's modal, in react-aria's language of the console) downloads the first time a guard asks, not with every page.
const UnsavedChangesDialog = lazy(() =>
  Promise.all([import('../ui/unsaved-changes-dialog'), import('./console-providers')]).then(([dialog, { AriaLocale }]) => ({
    default: (props: ComponentProps<typeof dialog.UnsavedChangesDialog>) => (
      <AriaLocale>
        <dialog.UnsavedChangesDialog {...props} />
      </AriaLocale>
    ),
  })),
);

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
  i18n: I18n;
  children: ReactNode;
  /** The address rendered without a window (src/web/prerender.tsx). */
  ssrPath?: string;
}

/**
 * What every page relies on: translations, notifications, auth, navigation and its guard against losing unsaved
 * changes. The console's screens add the query client, the live feed and react-aria's providers
 * (app/console-providers.tsx), which the start-up does not load (docs/performance.md).
 */
export function AppProviders({ i18n, children, ssrPath }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <NotificationProvider>
        <Auth>
          <NavigationGuardProvider renderPrompt={leavePrompt} ssrPath={ssrPath}>
            {children}
          </NavigationGuardProvider>
        </Auth>
      </NotificationProvider>
    </I18nextProvider>
  );
}
