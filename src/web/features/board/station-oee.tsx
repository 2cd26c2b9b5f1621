import { useTranslation } from 'react-i18next';
import type { OeeFiguresView } from '../../../domain/oee/oee.views';
import { useFormatNumber } from '../../lib/locale';

const percent = { style: 'percent', maximumFractionDigits: 0 } as const;

/**
 * A station's OEE today, small, in its board column (docs/oee.md): the share, or "unknown" where
 * planned times are missing or nothing was made; availability, performance and quality in its title.
 */
export function StationOee({ figures }: { figures: OeeFiguresView | undefined }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  if (!figures) return null;
  const share = (value: number | null) => (value === null ? t('board.oeeUnknown') : format(value, percent));
  return (
    <p className="board-column-oee" data-oee={figures.oee ?? undefined}>
      {t('board.oee', { value: share(figures.oee) })}
      <span className="board-column-oee-parts">
        {t('board.oeeParts', { availability: share(figures.availability), performance: share(figures.performance), quality: share(figures.quality) })}
      </span>
    </p>
  );
}
