import { useTranslation } from 'react-i18next';
import { trendOf } from '../../../domain/key-figures/key-figures.rules';
import type { KeyFigureId } from '../../../domain/key-figures/key-figures.schema';
import type { KeyFiguresView } from '../../../domain/key-figures/key-figures.views';
import { useFigureFormat } from './format';

const trendSigns = { better: '▲', worse: '▼', same: '■' } as const;

/** One figure: its value in the period, its target, and whether it got better or worse than the period before. */
export function FigureCard({ figure, figures }: { figure: KeyFigureId; figures: KeyFiguresView }) {
  const { t } = useTranslation();
  const format = useFigureFormat();
  const current = figures.current.values[figure];
  const previous = figures.previous.values[figure];
  const trend = trendOf(figure, current, previous);
  const headingId = `key-figure-${figure}`;
  return (
    <article className="key-figure-card" aria-labelledby={headingId} data-figure={figure}>
      <h3 id={headingId}>{t(`keyFigures.figures.${figure}`)}</h3>
      <p className="key-figure-value" data-no-data={current === null}>
        {format.value(figure, current)}
      </p>
      <p className="key-figure-target">{t('keyFigures.target', { target: format.target(figure, figures.settings.targets[figure]) })}</p>
      <p className="key-figure-trend" data-trend={trend ?? 'none'}>
        {trend ? <span aria-hidden="true">{trendSigns[trend]} </span> : null}
        {trend ? t(`keyFigures.trend.${trend}`, { previous: format.value(figure, previous) }) : t('keyFigures.trend.none')}
      </p>
    </article>
  );
}
