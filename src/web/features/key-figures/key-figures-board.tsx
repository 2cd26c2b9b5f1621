import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_STREAM_TYPE } from '../../../domain/orders/order.events';
import { SUGGESTION_STREAM_TYPE } from '../../../domain/suggestions/suggestion.events';
import { KEY_FIGURE_SETTINGS_STREAM_TYPE } from '../../../domain/key-figures/key-figures.events';
import { INTERRUPTION_STREAM_TYPE } from '../../../domain/interruptions/interruption.events';
import { useLiveQuery } from '../../lib/use-live-feed';
import { FormError } from '../../ui/form';
import { Link } from '../../ui/link';
import { LiveNote } from '../../ui/live-note';
import { LivePanel } from '../../ui/live-panel';
import { Spinner } from '../../ui/spinner';
import { getKeyFiguresQueryOptions, useKeyFigures } from './api/key-figures';
import { FigureCard } from './figure-card';
import './key-figures.css';

// Drawn again only when the figures change, not when the board's live note does.
const Figure = memo(FigureCard);

/** What moves a figure: order and suggestion events, and a save of the targets. */
export const keyFigureTopics = [
  `type:${ORDER_STREAM_TYPE}`,
  `type:${SUGGESTION_STREAM_TYPE}`,
  `type:${KEY_FIGURE_SETTINGS_STREAM_TYPE}`,
  `type:${INTERRUPTION_STREAM_TYPE}`,
] as const;

/** The home board's key figures: today's value of each chosen figure, with its target and trend, live. */
export function KeyFiguresBoard() {
  const { t } = useTranslation();
  const figures = useKeyFigures('day');
  const live = useLiveQuery(keyFigureTopics, getKeyFiguresQueryOptions('day').queryKey, figures);
  const chosen = figures.data?.settings.homeFigures ?? [];
  return (
    <LivePanel
      className="key-figures-board"
      headerClassName="key-figures-header"
      headingId="key-figures-board-heading"
      heading={t('keyFigures.home.heading')}
      isCurrent={live.isCurrent}
      note={<LiveNote live={live} text={(kind) => t(`keyFigures.live.${kind}`)} />}
    >
      {figures.isPending ? (
        <Spinner aria-label={t('keyFigures.page.loading')} />
      ) : figures.isError ? (
        <FormError error={figures.error}>{t('keyFigures.home.loadFailed')}</FormError>
      ) : chosen.length === 0 ? (
        <p className="key-figures-muted">{t('keyFigures.home.noneChosen')}</p>
      ) : (
        <div className="key-figure-grid">
          {chosen.map((figure) => (
            <Figure key={figure} figure={figure} figures={figures.data} />
          ))}
        </div>
      )}
      <Link href="/key-figures">{t('keyFigures.home.all')}</Link>
    </LivePanel>
  );
}
