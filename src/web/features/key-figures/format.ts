import { useTranslation } from 'react-i18next';
import { keyFigureUnits, type KeyFigureId } from '../../../domain/key-figures/figure-units.rules';
import { useFormatNumber } from '../../lib/locale';

/**
 * Writes figures and targets in the user's language: counts as numbers, durations in minutes,
 * shares in percent, the score as a number; a figure without data says so (never a 0 for "none").
 */
export function useFigureFormat() {
  const { t } = useTranslation();
  const number = useFormatNumber();
  const value = (figure: KeyFigureId, raw: number | null): string => {
    if (raw === null) return t('keyFigures.noData');
    switch (keyFigureUnits[figure]) {
      case 'minutes':
        return t('keyFigures.units.minutes', { value: number(raw / 60, { maximumFractionDigits: 1 }) });
      case 'percent':
        return number(raw, { style: 'percent', maximumFractionDigits: 1 });
      case 'count':
      case 'score':
        return number(raw, { maximumFractionDigits: 0 });
    }
  };
  const target = (figure: KeyFigureId, raw: number | null): string => {
    if (raw === null) return t('keyFigures.noTarget');
    switch (keyFigureUnits[figure]) {
      case 'count':
        return t('keyFigures.units.perDay', { value: number(raw) });
      case 'minutes':
        return t('keyFigures.units.minutes', { value: number(raw) });
      case 'percent':
        return number(raw / 100, { style: 'percent', maximumFractionDigits: 0 });
      case 'score':
        return number(raw);
    }
  };
  return { value, target };
}
