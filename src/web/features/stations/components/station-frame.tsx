import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface StationFrameProps {
  /** Controls at the end of the bar: language, who is signed in, sign-out. */
  toolbar?: ReactNode;
  children: ReactNode;
}

/** The full-screen frame of the station screen on a tablet: large type, touch targets of 48 px. */
export function StationFrame({ toolbar, children }: StationFrameProps) {
  const { t } = useTranslation();
  return (
    <div className="station-frame">
      <header className="spread-row station-frame-bar">
        <span className="station-frame-product">{t('common.appName')}</span>
        <div className="station-frame-toolbar">{toolbar}</div>
      </header>
      <main id="main" className="station-frame-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
