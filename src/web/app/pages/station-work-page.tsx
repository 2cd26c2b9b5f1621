import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { useCurrentUser } from '../../features/auth';
import { NoOrdersAtStation, StationWorkScreen } from '../../features/stations';
import { LanguageSwitch } from '../layout/language-switch';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/**
 * station/{id}/work: the station screen. Its worklist slot is where the orders feature plugs in
 * the orders waiting at the station; until then it shows that none have arrived.
 */
export default function StationWorkPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  const { id = '' } = useParams<{ id?: string }>();
  const operator = useCurrentUser();
  useDocumentTitle(t(`screens.${screen}.title`));
  const operatorName = operator.data ? `${operator.data.firstName} ${operator.data.lastName}`.trim() || (operator.data.username ?? '') : undefined;
  return (
    <StationWorkScreen
      stationId={id}
      operatorName={operatorName}
      languageSwitch={<LanguageSwitch />}
      worklist={(station) => <NoOrdersAtStation stationName={station.name} />}
    />
  );
}
