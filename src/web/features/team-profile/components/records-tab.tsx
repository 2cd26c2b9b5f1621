import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmployeeRecordView, RecordsWorkTimeView } from '../../../../domain/team/team.views';
import { describeError } from '../../../lib/error-messages';
import { formatDateTime, useFormatNumber } from '../../../lib/locale';
import { saveFile } from '../../../lib/object-url';
import { Button } from '../../../ui/button';
import { FormError } from '../../../ui/form';
import { useNotify } from '../../../ui/notification-bar';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { exportRecordsCsv, useRecords, type RecordsQuery } from '../api/team-profile';

/** The Records tab: what the employee did at which station and when, by date range, with a CSV export. */
export function RecordsTab({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const number = useFormatNumber();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [exporting, setExporting] = useState(false);
  const filter: RecordsQuery = { from: from || undefined, to: to || undefined };
  const rangeWrong = from !== '' && to !== '' && to < from;
  const records = useRecords(userId, rangeWrong ? {} : filter);
  const language = i18n.resolvedLanguage;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const csv = await exportRecordsCsv(userId, filter, language === 'de' ? 'de' : 'en');
      saveFile(csv, t('team.records.fileName'));
    } catch (error) {
      notify({ severity: 'error', message: t('team.records.exportFailed', { reason: describeError(t, error) }) });
    } finally {
      setExporting(false);
    }
  };

  const what = (record: EmployeeRecordView) =>
    record.kind === 'OrderMovedToStation'
      ? t('team.records.kinds.moved', { to: record.toStationName ?? '–' })
      : t(`team.records.kinds.${record.kind === 'WorkStarted' ? 'started' : 'completed'}`);
  const cycle = (seconds: number | null) =>
    seconds === null ? '' : t('team.records.minutes', { minutes: number(seconds / 60, { maximumFractionDigits: 1 }) });

  return (
    <div className="team-tab">
      <div className="team-filter" role="group" aria-label={t('team.records.filter')}>
        <TextField type="date" label={t('team.records.from')} value={from} onChange={setFrom} />
        <TextField
          type="date"
          label={t('team.records.to')}
          value={to}
          onChange={setTo}
          errorDetail={rangeWrong ? { path: 'to', message: 'team.validation.rangeEndsBeforeStart' } : undefined}
        />
        <Button variant="secondary" onPress={() => void exportCsv()} isDisabled={exporting || rangeWrong}>
          {t('team.records.export')}
        </Button>
      </div>
      {records.isPending ? (
        <Spinner aria-label={t('team.records.loading')} />
      ) : records.isError ? (
        <FormError error={records.error} />
      ) : (
        <WorkTimeSummary workTime={records.data.workTime} />
      )}
      {records.data === undefined ? null : records.data.data.length === 0 ? (
        <p>{t('team.records.none')}</p>
      ) : (
        <table className="team-table">
          <caption>{t('team.records.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('team.records.at')}</th>
              <th scope="col">{t('team.records.what')}</th>
              <th scope="col">{t('team.records.order')}</th>
              <th scope="col">{t('team.records.station')}</th>
              <th scope="col">{t('team.records.cycleTime')}</th>
            </tr>
          </thead>
          <tbody>
            {records.data.data.map((record, index) => (
              <tr key={`${record.at}-${record.kind}-${record.orderId}-${index}`}>
                <td>{formatDateTime(record.at, language)}</td>
                <td>{what(record)}</td>
                <td>{record.orderNumber ?? '–'}</td>
                <td>{record.stationName ?? '–'}</td>
                <td>{cycle(record.cycleTimeSeconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** Hours and minutes of seconds ("7:30 h"). */
const hours = (seconds: number) => {
  const minutes = Math.round(Math.abs(seconds) / 60);
  return `${seconds < 0 ? '−' : ''}${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')} h`;
};

/** The labour time of the records' days (docs/labour-and-costs.md): worked hours and the orders worked on. */
function WorkTimeSummary({ workTime }: { workTime: RecordsWorkTimeView }) {
  const { t } = useTranslation();
  return (
    <section className="team-work-time" aria-labelledby="team-work-time-heading">
      <h3 id="team-work-time-heading">{t('team.records.workTime.title')}</h3>
      <p>
        {t('team.records.workTime.totals', {
          worked: hours(workTime.netSeconds),
          breaks: hours(workTime.breakSeconds),
          orders: hours(workTime.workSeconds),
        })}
      </p>
      {workTime.orders.length === 0 ? (
        <p>{t('team.records.workTime.noOrders')}</p>
      ) : (
        <table className="team-table">
          <caption>{t('team.records.workTime.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('team.records.order')}</th>
              <th scope="col">{t('team.records.station')}</th>
              <th scope="col">{t('team.records.workTime.time')}</th>
            </tr>
          </thead>
          <tbody>
            {workTime.orders.map((order) => (
              <tr key={`${order.orderId} ${order.stationId}`}>
                <th scope="row">{order.orderNumber || '–'}</th>
                <td>{order.stationName ?? '–'}</td>
                <td>{hours(order.seconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
