import { useTranslation } from 'react-i18next';
import { StationBoard } from '../../features/board';
import { InterruptedStations } from '../../features/interruptions';
import { KeyFiguresBoard } from '../../features/key-figures';
import { HomeBoardScreen } from '../../features/orders';
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
