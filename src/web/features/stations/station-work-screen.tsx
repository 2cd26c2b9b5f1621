import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { can } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { Button } from '../../ui/button';
import { PageSpinner } from '../../ui/spinner';
import { StationFrame } from './components/station-frame';
import { OfflineStatus } from './offline/offline-status';
import { stationsToSignInAt } from './api/station-login';
import { registerStationServiceWorker } from './offline/service-worker';
import type { StationLoginState } from './station-login-screen';
import './stations.css';

export interface StationWorkScreenProps {
  stationId: string;
  /** The signed-in operator's name, once known. */
  operatorName?: string;
  /** The language switch of the console, placed in the bar. */
  languageSwitch?: ReactNode;
  /**
   * The worklist of the station. app/ composes it (the orders feature fills it); until orders flow
   * it is `<NoOrdersAtStation/>`. It receives the station through its own props.
   */
  worklist: (station: { id: string; name: string }) => ReactNode;
  /** "Suggest an improvement" at this station, placed in the bar; app/ composes it (the suggestions feature). */
  suggestImprovement?: ReactNode;
  /** Report or resolve an interruption (Andon) above the worklist; app/ composes it (the interruptions feature). */
  interruption?: ReactNode;
  /** The operator's clock and their work on the orders in work here, below the worklist; app/ composes it (the labour feature). */
  labour?: ReactNode;
}

/**
 * The station screen an operator works at after the station login. It belongs to the session the
 * login opened for this station; anyone else is sent to the station's login.
 */
export function StationWorkScreen({ stationId, operatorName, languageSwitch, worklist, suggestImprovement, interruption, labour }: StationWorkScreenProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { status, session, logout } = useAuth();
  const queryClient = useQueryClient();
  // A reload without network opens the station screen from the service worker's cache.
  useEffect(() => registerStationServiceWorker(), []);
  if (status === 'loading') return <PageSpinner />;
  const station = session?.station;
  if (!session || !can(session, 'workAtStation') || station?.id !== stationId) {
    return <Redirect to={`/station/${stationId}/login`} replace />;
  }

  const signOut = async () => {
    // The next station takes one sign-in: the login offers the stations this operator may sign in at.
    const handOver: StationLoginState = { stationName: station.name, otherStations: await stationsToSignInAt(queryClient, session.userId, station.id) };
    await logout();
    navigate(`/station/${stationId}/login`, { replace: true, state: handOver });
  };

  return (
    <StationFrame
      toolbar={
        <>
          {languageSwitch}
          {suggestImprovement}
          <span className="station-frame-operator">{t('stations.work.signedInAs', { operator: operatorName ?? '…' })}</span>
          <Button variant="secondary" onPress={() => void signOut()}>
            {t('stations.work.signOut')}
          </Button>
        </>
      }
    >
      <div className="station-work">
        <div className="station-work-header">
          <p className="station-work-kind">{t('stations.work.kind')}</p>
          <h1>{station.name}</h1>
        </div>
        {interruption}
        <OfflineStatus owner={`${session.userId}:${station.id}`} />
        <section className="panel station-work-worklist" aria-labelledby="station-worklist-heading">
          <h2 id="station-worklist-heading">{t('stations.work.worklist')}</h2>
          {worklist(station)}
        </section>
        {labour}
      </div>
    </StationFrame>
  );
}
