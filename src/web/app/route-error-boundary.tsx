import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../ui/button.css';
import { EmptyState } from '../ui/empty-state';

function PageFailed() {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={t('common.pageFailed.title')}
      action={
        // The browser's own button in the design's look: this screen shows when a download failed, so it needs none.
        <button type="button" className="button" data-variant="secondary" onClick={() => window.location.reload()}>
          {t('common.actions.reload')}
        </button>
      }
    >
      <p>{t('common.pageFailed.text')}</p>
    </EmptyState>
  );
}

interface State {
  failed: boolean;
}

/**
 * Catches a page that failed to load or render, so the sidebar and header stay usable.
 * React offers error boundaries only as classes. Give it a `key` per path to reset on navigation.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <PageFailed /> : this.props.children;
  }
}
