import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './notification-bar.css';

export type Severity = 'error' | 'warning' | 'info' | 'success';

export interface Notification {
  severity: Severity;
  /** Already translated. */
  message: string;
  /**
   * While it is shown, no error replaces it: the session-ended notice, which the errors of other
   * requests refused with the same ended token would otherwise hide at once.
   */
  outranksErrors?: boolean;
}

/** Spec section 9: a notification hides itself after 3000 ms. */
export const NOTIFICATION_HIDE_MS = 3000;

/**
 * A test-only switch: while sessionStorage holds this key with '1', a notification stays until it
 * is closed or replaced, so a test on a loaded machine reads it instead of racing its 3 s. A held
 * notification lets clicks through to the page (as it would be gone by then), its close button aside.
 * Nothing in the console sets it; users always get the 3 s.
 */
export const HOLD_NOTIFICATIONS_KEY = 'shopfloor.holdNotifications';

function holdsNotifications(): boolean {
  try {
    return sessionStorage.getItem(HOLD_NOTIFICATIONS_KEY) === '1';
  } catch {
    return false;
  }
}

// The close button (react-aria's) downloads with the first notification, not with the start-up: the message shows at once.
const Button = lazy(() => import('./button').then((module) => ({ default: module.Button })));

type Notify = (notification: Notification) => void;

const NotifyContext = createContext<Notify | null>(null);

interface Shown extends Notification {
  id: number;
}

/** Holds the one notification on screen; a new one replaces the old and restarts the 3 s. */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    if (!shown || holdsNotifications()) return;
    const timer = setTimeout(() => setShown(null), NOTIFICATION_HIDE_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  const notify = useCallback<Notify>(
    (notification) =>
      setShown((current) => (current?.outranksErrors && notification.severity === 'error' ? current : { ...notification, id: Date.now() + Math.random() })),
    [],
  );
  const close = useCallback(() => setShown(null), []);

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <NotificationBar shown={shown} onClose={close} />
    </NotifyContext.Provider>
  );
}

/** Shows a message in the notification bar: `notify({ severity: 'success', message: t('...') })`. */
export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify needs a NotificationProvider above it');
  return notify;
}

// Both live regions stay in the page so screen readers announce what appears in them.
function NotificationBar({ shown, onClose }: { shown: Shown | null; onClose: () => void }) {
  const urgent = shown?.severity === 'error' || shown?.severity === 'warning';
  return (
    <div className="notification-area" data-held={holdsNotifications() || undefined}>
      <div role="alert">{shown && urgent ? <Bar key={shown.id} notification={shown} onClose={onClose} /> : null}</div>
      <div role="status">{shown && !urgent ? <Bar key={shown.id} notification={shown} onClose={onClose} /> : null}</div>
    </div>
  );
}

function Bar({ notification, onClose }: { notification: Notification; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="notification" data-severity={notification.severity}>
      <span className="visually-hidden">{t(`common.notification.${notification.severity}`)}: </span>
      <span>{notification.message}</span>
      <Suspense fallback={null}>
        <Button variant="quiet" className="notification-close" aria-label={t('common.actions.close')} onPress={onClose}>
          ×
        </Button>
      </Suspense>
    </div>
  );
}
