import { useTranslation } from 'react-i18next';
import type { OrderPrediction } from '../../../../domain/orders/board.views';
import { useLocaleFormats } from '../../../lib/locale';
import { Badge } from '../../../ui/badge';

/**
 * The predicted completion of a production order in progress (docs/prediction.md): the time, and
 * "Will be late" when it passes the delivery date. Nothing is known before any completion.
 */
export function PredictionText({ prediction }: { prediction: OrderPrediction | undefined }) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  if (!prediction) return <>{t('board.prediction.notInProduction')}</>;
  if (!prediction.predictedAt) return <>{t('board.prediction.none')}</>;
  const at = formats.dateTime(prediction.predictedAt);
  return prediction.willBeLate ? (
    <span className="order-cell-line">
      <Badge tone="error">{t('board.willBeLate')}</Badge>
      <span>{at}</span>
    </span>
  ) : (
    <>{at}</>
  );
}
