import { lazy, memo, startTransition, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
// The boards' own files, not the features' indexes: those bring every screen of the feature along (the orders'
// forms and tables, the key figures' charts), which the home screen does not show (docs/performance.md).
import { stationBoardTopics } from '../../features/board/api/board';
import { InterruptedStations } from '../../features/interruptions/components/interrupted-stations';
import { KeyFiguresBoard, keyFigureTopics } from '../../features/key-figures/key-figures-board';
import { HomeBoardScreen } from '../../features/orders/home-board-screen';
import { useAuth } from '../../lib/auth';
import { useCompanyFunctions } from '../../lib/company-display';
import { useLiveEvents } from '../../lib/use-live-feed';
import { PageSpinner } from '../../ui/spinner';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';
import { useHomeBoards } from './home-screen';

// Each board reads its own queries: the page drawing again (the company's functions arriving) leaves them alone.
const OrdersBoard = memo(HomeBoardScreen);
const StoppedStations = memo(InterruptedStations);
// The station board with its menus and dialogs downloads when it is drawn, after the first paint, not with the page.
const StationsBoard = lazy(() => import('../../features/board/station-board').then((module) => ({ default: memo(module.StationBoard) })));
const FiguresBoard = memo(KeyFiguresBoard);
// A new company's first steps download on their own: most visits are by companies long past them (the /home budget).
const FirstStepsChecklist = lazy(() => import('../../features/first-steps/first-steps').then((module) => ({ default: module.FirstStepsChecklist })));

// The boards drawn after the first paint listen to these too: subscribed with the others from the start, the
// feed's one catch-up covers them, and their arrival does not make every board on the page read again.
const lowerBoardTopics = [...new Set([...stationBoardTopics, ...keyFigureTopics])];
const noTopics = [] as const;
const ignore = () => undefined;

/** True from the frame after the first one the page painted: what lies below the first screen renders then, in a transition. */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** What lies below the first screen on a phone: the station board and the key figures, drawn after the boards above them painted. */
function LowerBoards() {
  const hasCompany = Boolean(useAuth().session?.company);
  const functions = useCompanyFunctions();
  const painted = useAfterFirstPaint();
  useLiveEvents(hasCompany ? lowerBoardTopics : noTopics, ignore);
  if (!painted) return null;
  return (
    <>
      <Suspense fallback={null}>
        <StationsBoard />
      </Suspense>
      {hasCompany && functions.isOn('keyFigures') ? <FiguresBoard /> : null}
    </>
  );
}

/**
 * home: a new company's first steps (until done or dismissed), the live board of the company's orders, the stations stopped now (red, live), the station board (docs/board.md),
 * and its chosen key figures (unless the company switched them off). Their first data comes in one read (`GET /api/home`).
 */
export default function HomePage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  const ready = useHomeBoards();
  if (!ready) return <PageSpinner />;
  return (
    <div className="page">
      <Suspense fallback={null}>
        <FirstStepsChecklist />
      </Suspense>
      <OrdersBoard />
      <StoppedStations />
      <LowerBoards />
    </div>
  );
}
