import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changesPlan, planChangingStreamTypes } from '../../../domain/plan/plan-triggers';
import type { CapacityPlanView } from '../../../domain/plan/plan.views';
import { canChange } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { describeError } from '../../lib/error-messages';
import type { LiveEvent } from '../../lib/live-feed';
import { useChangeRights } from '../../lib/use-change-rights';
import { useLiveQuery } from '../../lib/use-live-feed';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { useNotify } from '../../ui/notification-bar';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { getPlanQueryOptions, useOrderPlan, useOrderStationQueue, usePlan } from './api/plan';
import { Gantt, type BarRef } from './components/gantt';
import { mergedPlan } from './components/plan-pages';
import { durationText, explainOperation, movedTo, waitingQueue } from './components/plan-texts';
import './plan.css';

const liveTopics = planChangingStreamTypes.map((streamType) => `type:${streamType}` as const);
const onlyPlanChanges = (event: LiveEvent) => changesPlan(event.type);

/** `YYYY-MM-DDTHH:mm` of the browser's clock (what a datetime-local field holds). */
const localInputOf = (at: Date) => new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** "Plan as of …": a past moment to replay the plan at, or back to now. */
function ReplayControl({ at, onReplay }: { at: string | null; onReplay(at: string | null): void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => localInputOf(new Date(Date.now() - 86_400_000)));
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const moment = new Date(draft);
    const ok = draft !== '' && !Number.isNaN(moment.getTime()) && moment.getTime() <= Date.now();
    setInvalid(!ok);
    if (ok) onReplay(moment.toISOString());
  };
  return (
    <form className="plan-replay" onSubmit={submit}>
      <TextField
        type="datetime-local"
        label={t('plan.replay.label')}
        value={draft}
        onChange={setDraft}
        isInvalid={invalid}
        description={invalid ? t('plan.replay.invalid') : undefined}
      />
      <Button type="submit" variant="secondary">
        {t('plan.replay.show')}
      </Button>
      {at ? (
        <Button variant="quiet" onPress={() => onReplay(null)}>
          {t('plan.replay.now')}
        </Button>
      ) : null}
    </form>
  );
}

/** What the selected bar's order is planned for and why, with Earlier and Later for a waiting order. */
function Details({
  plan,
  selected,
  canReorder,
  onMove,
}: {
  plan: CapacityPlanView;
  selected: BarRef | null;
  canReorder: boolean;
  onMove(stationId: string, orderId: string, delta: number): void;
}) {
  const { t, i18n } = useTranslation();
  const order = selected ? plan.orders.find((candidate) => candidate.orderId === selected.orderId) : undefined;
  const operation = order?.operations.find((candidate) => candidate.stationId === selected?.stationId && candidate.step === selected.step);
  const station = plan.stations.find((candidate) => candidate.id === operation?.stationId);
  // The live plan comes without explanations: the selected order's are read on their own.
  const explained = useOrderPlan(operation && !operation.explanation ? operation.orderId : null);
  const explanation =
    operation?.explanation ??
    explained.data?.order.operations.find((candidate) => candidate.stationId === operation?.stationId && candidate.step === operation?.step)?.explanation;
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: plan.workingTime.timeZone });
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: plan.workingTime.timeZone });
  const waiting = operation !== undefined && operation.step === 0 && !operation.inProgress;
  return (
    <section className="panel plan-details" aria-labelledby="plan-details-title">
      <h2 id="plan-details-title">{t('plan.details.title')}</h2>
      <div aria-live="polite">
        {!order || !operation || !station ? (
          <p>{t('plan.details.none')}</p>
        ) : (
          <>
            <p>
              <strong>{t('plan.details.order', { order: order.number })}</strong>
              {' · '}
              {t('plan.chart.bar', {
                order: order.number,
                station: station.name,
                from: time.format(new Date(operation.startAt)),
                to: time.format(new Date(operation.endAt)),
              })}
            </p>
            <p className="plan-explanation">
              {explanation
                ? explainOperation(t, i18n.language, { ...operation, explanation }, station.name)
                : explained.isError
                  ? t('plan.details.explanationFailed')
                  : t('plan.details.explaining')}
            </p>
            <p>
              {order.finishAt ? t('plan.details.finish', { at: time.format(new Date(order.finishAt)) }) : null}
              {order.dueAt ? ` · ${t('plan.details.due', { at: day.format(new Date(Date.parse(order.dueAt) - 1)) })}` : null}
              {order.late ? <strong className="plan-late-text"> · {t('plan.details.lateBy', { duration: durationText(t, order.tardinessMs) })}</strong> : null}
            </p>
          </>
        )}
      </div>
      {order && operation && canReorder && waiting ? (
        <div className="plan-move">
          <Button variant="secondary" onPress={() => onMove(operation.stationId, order.orderId, -1)}>
            {t('plan.details.earlier')}
          </Button>
          <Button variant="secondary" onPress={() => onMove(operation.stationId, order.orderId, 1)}>
            {t('plan.details.later')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** The capacity plan as a Gantt per station, live (or as it stood at a past moment), explained, reordered by supervisors. */
export function PlanScreen() {
  const { t, i18n } = useTranslation();
  const { session } = useAuth();
  const notify = useNotify();
  const [at, setAt] = useState<string | null>(null);
  const [selected, setSelected] = useState<BarRef | null>(null);
  const pages = usePlan(at);
  // The pages of station rows read so far (more as the Gantt's end is scrolled to), as one plan.
  const data = useMemo(() => (pages.data ? mergedPlan(pages.data.pages) : undefined), [pages.data]);
  const plan = { ...pages, data };
  const live = useLiveQuery(at ? [] : liveTopics, getPlanQueryOptions(null).queryKey, pages, onlyPlanChanges);
  const reorder = useOrderStationQueue();
  const changeRights = useChangeRights();
  const canReorder = at === null && canChange(session, 'orders', changeRights);

  const move = (stationId: string, orderId: string, toIndex: (queue: readonly string[]) => number) => {
    if (!plan.data || reorder.isPending) return;
    const queue = waitingQueue(plan.data, stationId);
    const next = movedTo(queue, orderId, toIndex(queue));
    if (!next) return;
    const order = plan.data.orders.find((candidate) => candidate.orderId === orderId);
    const station = plan.data.stations.find((candidate) => candidate.id === stationId);
    reorder.mutate(
      { stationId, input: { orderIds: next } },
      {
        onSuccess: () => notify({ severity: 'success', message: t('plan.details.moved', { order: order?.number ?? '', station: station?.name ?? '' }) }),
        onError: (error) => notify({ severity: 'error', message: t('plan.details.moveFailed', { reason: describeError(t, error) }) }),
      },
    );
  };

  return (
    <div className="plan-screen">
      <header className="plan-header">
        <h1>{t('plan.title')}</h1>
        <p>{t('plan.intro')}</p>
        <ReplayControl at={at} onReplay={setAt} />
        <p className="plan-status" role="status">
          {at
            ? t('plan.replay.showing', { at: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)) })
            : live.isCurrent
              ? t('plan.live')
              : plan.isPending
                ? ''
                : t('plan.notCurrent')}
        </p>
        {plan.data ? <p className="plan-totals">{t('plan.totals', { count: plan.data.totals.orders, late: plan.data.totals.lateOrders })}</p> : null}
        {canReorder ? <p className="plan-hint">{t('plan.chart.reorderHint')}</p> : null}
      </header>
      {plan.data === undefined && !plan.isError ? (
        <Spinner aria-label={t('common.loading')} />
      ) : plan.data === undefined ? (
        <div role="alert" className="plan-error">
          <p>{t('plan.loadFailed')}</p>
          <p>{describeError(t, plan.error)}</p>
          <Button variant="secondary" onPress={() => void plan.refetch()}>
            {t('plan.retry')}
          </Button>
        </div>
      ) : plan.data.totals.orders === 0 ? (
        <EmptyState title={t('plan.empty.title')}>{t('plan.empty.body')}</EmptyState>
      ) : (
        <>
          <Gantt
            plan={plan.data}
            canReorder={canReorder && !reorder.isPending}
            selected={selected}
            onSelect={setSelected}
            onMove={(stationId, orderId, toIndex) => move(stationId, orderId, () => toIndex)}
            more={pages.hasNextPage ? { loading: pages.isFetchingNextPage, load: () => void pages.fetchNextPage() } : null}
          />
          <Details
            plan={plan.data}
            selected={selected}
            canReorder={canReorder && !reorder.isPending}
            onMove={(stationId, orderId, delta) => move(stationId, orderId, (queue) => queue.indexOf(orderId) + delta)}
          />
        </>
      )}
    </div>
  );
}
