import type { ReactNode } from 'react';

export interface LivePanelProps {
  /** The panel's classes beside `panel`, and its header row's. */
  className: string;
  headerClassName: string;
  headingId: string;
  heading: string;
  /** Whether what it shows is current; a panel that is not is framed as such (data-current). */
  isCurrent: boolean;
  /** Says in words whether it is current (a LiveNote). */
  note: ReactNode;
  children: ReactNode;
}

/** A panel of what a live feed keeps current: its heading with the live note beside it, then its content. */
export function LivePanel({ className, headerClassName, headingId, heading, isCurrent, note, children }: LivePanelProps) {
  return (
    <section className={`panel ${className}`} aria-labelledby={headingId} data-current={isCurrent}>
      <div className={headerClassName}>
        <h2 id={headingId}>{heading}</h2>
        {note}
      </div>
      {children}
    </section>
  );
}
