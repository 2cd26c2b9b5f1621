import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { useCurrentUser } from '../../features/auth';
import { StationInterruptionPanel } from '../../features/interruptions';
import { StationLabourPanel } from '../../features/labour';
import { StationLotConsumption } from '../../features/lots';
import { StationWorklist } from '../../features/orders';
import { StationWorkScreen } from '../../features/stations';
import { SuggestImprovementButton } from '../../features/suggestions';
import { LanguageSwitch } from '../layout/language-switch';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/**
 * station/{id}/work: the station screen of the stations feature, its worklist slot filled by the
 * orders feature: the orders at the station, live, with Start, Complete and Move to; the
 * suggestions feature adds "Suggest an improvement" at the station, the interruptions feature
 * "Report interruption" (and the red panel with "Resolve" while the station is stopped), the labour
 * feature the operator's clock and their work on the orders in work there (pause with a reason), the lots
 * feature the lots the chosen production order consumes (scanned or picked per component).
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
      suggestImprovement={<SuggestImprovementButton stationId={id} />}
      interruption={<StationInterruptionPanel stationId={id} />}
      labour={<StationLabourPanel stationId={id} />}
      worklist={(station) => (
        <StationWorklist
          stationId={station.id}
          stationName={station.name}
          consumption={(order, at) => <StationLotConsumption order={order} owner={at.owner} isDisabled={at.isDisabled} />}
        />
      )}
    />
  );
}
