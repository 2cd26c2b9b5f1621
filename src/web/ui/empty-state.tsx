import type { ReactNode } from 'react';
import './empty-state.css';

export interface EmptyStateProps {
  /** Already translated. */
  title: string;
  children?: ReactNode;
  /** A button or link that leads on. */
  action?: ReactNode;
  /** The heading level that fits where the empty state sits. */
  headingLevel?: 2 | 3;
}

/** What a screen, table or panel shows instead of content that is not there (yet). */
export function EmptyState({ title, children, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="empty-state" aria-label={title}>
      <svg className="empty-state-icon" viewBox="0 0 56 56" aria-hidden="true" focusable="false">
        <rect x="8" y="14" width="40" height="30" rx="4" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path d="M8 22h40M18 31h20M18 37h12" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <Heading className="empty-state-title">{title}</Heading>
      {children ? <div className="empty-state-text">{children}</div> : null}
      {action ? <div className="empty-state-action">{action}</div> : null}
    </section>
  );
}

/** One line centred in the content area, e.g. the missing-data message. */
export function CenteredMessage({ children }: { children: ReactNode }) {
  return (
    <div className="centered-message" role="status">
      {children}
    </div>
  );
}
