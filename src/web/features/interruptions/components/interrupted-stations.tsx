import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERRUPTION_STREAM_TYPE } from '../../../../domain/interruptions/interruption.events';
import type { InterruptionView } from '../../../../domain/interruptions/interruptions.views';
import { can } from '../../../lib/access';
import { useAuth } from '../../../lib/auth';
import { useLiveQuery } from '../../../lib/use-live-feed';
import { Button } from '../../../ui/button';
import { Link } from '../../../ui/link';
import { LiveNote } from '../../../ui/live-note';
import { getInterruptionsQueryOptions, useInterruptionReasons, useInterruptions } from '../api/interruptions';
import { OpenInterruptionFacts } from './open-interruption-facts';
import '../interruptions.css';

// The resolve dialog (its form, select and schemas) downloads when it is opened, not with the home screen.
const ResolveInterruptionDialog = lazy(() => import('./station-interruption-panel').then((module) => ({ default: module.ResolveInterruptionDialog })));
const ExpectedEndDialog = lazy(() => import('./station-interruption-panel').then((module) => ({ default: module.ExpectedEndDialog })));

const topics = [`type:${INTERRUPTION_STREAM_TYPE}`] as const;
const noTopics = [] as const;
const openQuery = { open: true };

function StoppedStation({
  interruption,
  asOf,
  onResolve,
  onExpect,
}: {
  interruption: InterruptionView;
  asOf: number;
  onResolve?: (interruption: InterruptionView) => void;
  onExpect?: (interruption: InterruptionView) => void;
}) {
  const { t } = useTranslation();
  const station = interruption.stationName ?? t('interruptions.deletedStation');
  return (
    <li className="interruption-marker" data-station-id={interruption.stationId} aria-label={t('interruptions.board.stationStopped', { station })}>
      <span className="interruption-marker-dot" aria-hidden="true" />
      <div className="interruption-marker-text">
        <p className="interruption-marker-station">{t('interruptions.board.stationStopped', { station })}</p>
        <OpenInterruptionFacts interruption={interruption} asOf={asOf} />
      </div>
      {onExpect ? (
        <Button variant="secondary" onPress={() => onExpect(interruption)}>
          {t('interruptions.expectedEnd.actionAt', { station })}
        </Button>
      ) : null}
      {onResolve ? (
        <Button variant="secondary" onPress={() => onResolve(interruption)}>
          {t('interruptions.resolve.actionAt', { station })}
        </Button>
      ) : null}
    </li>
  );
}

/**
 * The stations stopped now, each as a red marker with its reason (home board and shop-floor
 * display). Every interruption event of the company reads them again, so a station turns red on
 * every board at once and clears when resolved; while the feed is not live it says so.
 * Administrators resolve from here; operators resolve at their station.
 */
export function InterruptedStations({ variant = 'board' }: { variant?: 'board' | 'display' }) {
  const { t } = useTranslation();
  const { session } = useAuth();
  const hasCompany = Boolean(session?.company);
  const open = useInterruptions(openQuery, hasCompany);
  const live = useLiveQuery(hasCompany ? topics : noTopics, getInterruptionsQueryOptions(openQuery).queryKey, open);
  const mayResolve = can(session, 'write');
  // Writers learn here that operators cannot report before the company has interruption reasons.
  const reasons = useInterruptionReasons(hasCompany && mayResolve);
  const noReasons = reasons.isSuccess && !reasons.data.data.some((reason) => reason.status === 'active');
  // Outside the list: the marker leaves as soon as the feed says it is resolved, the dialog's notice stays.
  const [resolving, setResolving] = useState<InterruptionView | null>(null);
  const [expecting, setExpecting] = useState<InterruptionView | null>(null);
  if (!hasCompany) return null;
  const stopped = open.data?.data ?? [];
  return (
    <section
      className={`panel interruption-board interruption-board-${variant}`}
      aria-labelledby="interruption-board-heading"
      data-current={live.isCurrent}
      data-stopped={stopped.length}
    >
      <div className="interruption-board-header">
        <h2 id="interruption-board-heading">{t('interruptions.board.title', { count: stopped.length })}</h2>
        <LiveNote live={live} text={(kind) => t(`interruptions.board.live.${kind}`)} />
      </div>
      {noReasons ? (
        <p className="interruption-no-reasons">
          {t('interruptions.board.noReasons')} <Link href="/team/master-data">{t('interruptions.board.toMasterData')}</Link>
        </p>
      ) : null}
      {stopped.length === 0 ? (
        <p className="interruption-none">
          {open.isSuccess ? t('interruptions.board.none') : open.isError ? t('interruptions.board.loadFailed') : t('interruptions.board.loading')}
        </p>
      ) : (
        <ul className="plain-list interruption-markers">
          {stopped.map((interruption) => (
            <StoppedStation
              key={interruption.id}
              interruption={interruption}
              asOf={open.dataUpdatedAt}
              onResolve={mayResolve ? setResolving : undefined}
              onExpect={mayResolve ? setExpecting : undefined}
            />
          ))}
        </ul>
      )}
      {resolving ? (
        <Suspense fallback={null}>
          <ResolveInterruptionDialog key={resolving.id} interruption={resolving} isOpen onClose={() => setResolving(null)} />
        </Suspense>
      ) : null}
      {expecting ? (
        <Suspense fallback={null}>
          <ExpectedEndDialog key={expecting.id} interruption={expecting} isOpen onClose={() => setExpecting(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
