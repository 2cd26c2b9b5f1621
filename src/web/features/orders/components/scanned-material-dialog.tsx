import { useTranslation } from 'react-i18next';
import { useFormatNumber } from '../../../lib/locale';
import { useObjectUrl } from '../../../lib/object-url';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions } from '../../../ui/dialog';
import { useMaterialImageBlob } from '../api/orders';
import type { MaterialSteps, Worklist } from '../api/types';
import { MaterialFavourites } from './material-favourites';

/** Up to three decimals, as a material value's number. */
const valueFormat = { maximumFractionDigits: 3 } as const;

function MaterialImage({ url, name }: { url: string; name: string }) {
  const blob = useMaterialImageBlob(url);
  const src = useObjectUrl(blob.data ?? null);
  return src ? <img className="station-scanned-image" src={src} alt={name} /> : null;
}

/**
 * A material opened at the station by scanning its label (its number) into the order-number
 * field: name, number, type, image, stock, the company's favourite attributes and values, the
 * material's values with their tolerances, and the orders of it on this station's worklist (each
 * opens that order). The station screen stays where it is.
 */
export function ScannedMaterialDialog({
  material,
  worklist,
  onOpenOrder,
  onClose,
}: {
  material: MaterialSteps;
  worklist: Worklist | undefined;
  onOpenOrder: (orderId: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const orders = (worklist?.data ?? []).filter((order) => order.positions.some((position) => position.materialId === material.id));
  return (
    <Dialog
      title={t('orders.scannedMaterial.title', { materialNumber: material.materialNumber, name: material.name })}
      isOpen
      onOpenChange={(open) => (open ? null : onClose())}
    >
      {(close) => (
        <>
          {material.image ? <MaterialImage url={material.image.url} name={material.name} /> : null}
          <dl className="order-facts">
            <div className="order-fact">
              <dt>{t('orders.scannedMaterial.number')}</dt>
              <dd>{material.materialNumber}</dd>
            </div>
            <div className="order-fact">
              <dt>{t('orders.scannedMaterial.type')}</dt>
              <dd>{t(`materials.types.${material.type}`)}</dd>
            </div>
            <div className="order-fact">
              <dt>{t('orders.scannedMaterial.stock')}</dt>
              <dd>
                {format(material.stock.quantity, valueFormat)} {material.stock.unit}
              </dd>
            </div>
          </dl>
          <MaterialFavourites materialId={material.id} />
          <h3>{t('orders.scannedMaterial.values')}</h3>
          {material.values.length > 0 ? (
            <ul className="station-parameters-list">
              {material.values.map((value) => (
                <li key={value.name}>
                  {t('orders.scannedMaterial.value', {
                    name: value.name,
                    nominal: format(value.number, valueFormat),
                    min: format(value.minTolerance, valueFormat),
                    max: format(value.maxTolerance, valueFormat),
                    unit: value.unit,
                  })}
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('orders.scannedMaterial.noValues')}</p>
          )}
          <h3>{t('orders.scannedMaterial.ordersHere')}</h3>
          {orders.length > 0 ? (
            <ul className="station-scanned-orders">
              {orders.map((order) => (
                <li key={order.id}>
                  <Button
                    variant="secondary"
                    onPress={() => {
                      onOpenOrder(order.id);
                      close();
                    }}
                  >
                    {t('orders.scannedMaterial.openOrder', { orderNumber: order.orderNumber })}
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('orders.scannedMaterial.noOrdersHere')}</p>
          )}
          <DialogActions>
            <Button onPress={close}>{t('orders.scannedMaterial.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
