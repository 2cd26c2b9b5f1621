import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { plannedMinutesFor, plannedTimeAt } from '../../../../domain/oee/planned-time.rules';
import { materialDetailKey } from '../../../lib/resources/keys';
import { useFormatNumber } from '../../../lib/locale';
import { useNow } from '../../../lib/use-now';
import { getMaterialSteps } from '../api/orders';
import type { OrderView } from '../api/types';

const wholeMinutes = { maximumFractionDigits: 0 } as const;
const minuteMs = 60_000;

/**
 * Planned vs elapsed for the order at hand at this station (docs/oee.md, Planned times): the planned
 * setup time plus the planned time per piece times each position's quantity, from the steps of its
 * materials at this station, against the minutes since Start. Nothing when no time is planned here.
 */
export function PlannedVsElapsed({ order, stationId, workStartedAt }: { order: OrderView; stationId: string; workStartedAt: string | null }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  // Once a minute is enough for a count of minutes.
  const now = useNow(minuteMs / 2);
  const loaded = useQueries({
    queries: order.positions.map((position) => ({ queryKey: materialDetailKey(position.materialId), queryFn: () => getMaterialSteps(position.materialId) })),
  });
  const perPosition = order.positions.map((position, index) => {
    const steps = loaded[index]?.data?.manufacturingSteps;
    return steps ? plannedMinutesFor(plannedTimeAt(steps, stationId), position.quantity) : null;
  });
  const known = perPosition.filter((minutes): minutes is number => minutes !== null);
  if (known.length === 0) return null;
  const planned = known.reduce((sum, minutes) => sum + minutes, 0);
  const elapsed = workStartedAt && now > 0 ? Math.max(0, (now - Date.parse(workStartedAt)) / minuteMs) : null;
  const over = elapsed !== null && elapsed > planned;
  return (
    <p className="station-planned-time" data-over={over || undefined}>
      {t('orders.station.plannedTime', { minutes: format(planned, wholeMinutes) })}
      {elapsed !== null ? ` · ${t(over ? 'orders.station.elapsedOver' : 'orders.station.elapsedTime', { minutes: format(elapsed, wholeMinutes) })}` : ''}
    </p>
  );
}
