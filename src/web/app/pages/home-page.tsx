import { useTranslation } from 'react-i18next';
// The boards' own files, not the features' indexes: those bring every screen of the feature along (the orders'
// forms and tables, the key figures' charts), which the home screen does not show (docs/performance.md).
import { StationBoard } from '../../features/board/station-board';
import { InterruptedStations } from '../../features/interruptions/components/interrupted-stations';
import { KeyFiguresBoard } from '../../features/key-figures/key-figures-board';
import { HomeBoardScreen } from '../../features/orders/home-board-screen';
import { useAuth } from '../../lib/auth';
import { useCompanyFunctions } from '../../lib/company-display';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** home: the live board of the company's orders, the stations stopped now (red, live), the station board (docs/board.md), and its chosen key figures (unless the company switched them off). */
export default function HomePage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  const hasCompany = Boolean(useAuth().session?.company);
  const functions = useCompanyFunctions();
  return (
    <div className="page">
      <HomeBoardScreen />
      <InterruptedStations />
      <StationBoard />
      {hasCompany && functions.isOn('keyFigures') ? <KeyFiguresBoard /> : null}
    </div>
  );
}
