import { useTranslation } from 'react-i18next';
import { attributeOptionsOf, chosenFavourites, measuredValueOf } from '../../../../domain/company/favourites.rules';
import { useFavourites } from '../../../lib/company-display';
import { useFormatNumber } from '../../../lib/locale';
import { useMaterialSteps } from '../api/orders';

/**
 * The company's favourite attributes and values (App settings) of an order's material on the
 * station screen: the material's options of each favourite attribute, each favourite value with
 * its unit. Nothing while the company picked none.
 */
export function MaterialFavourites({ materialId }: { materialId: string }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const favourites = useFavourites();
  const material = useMaterialSteps(materialId);
  const chosen = favourites ? chosenFavourites(favourites) : [];
  if (chosen.length === 0 || !material.data) return null;
  const shown = material.data;
  return (
    <div className="station-favourites">
      <h5 className="visually-hidden">{t('company.favourites.stationHeading')}</h5>
      <dl className="order-facts">
        {chosen.map((favourite) => {
          const value = favourite.kind === 'value' ? measuredValueOf(shown, favourite.name) : null;
          const text =
            favourite.kind === 'attribute'
              ? attributeOptionsOf(shown, favourite.name)?.join(', ') || t('company.favourites.noneAtMaterial')
              : value
                ? `${format(value.number, { maximumFractionDigits: 3 })} ${value.unit}`
                : t('company.favourites.noneAtMaterial');
          return (
            <div className="order-fact" key={favourite.slot}>
              <dt>{favourite.name}</dt>
              <dd>{text}</dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
