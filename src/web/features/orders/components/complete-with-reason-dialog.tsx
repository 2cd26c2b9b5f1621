import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failedValuesNeedReason } from '../../../../domain/orders/order.decider';
import { completeWorkSchema, orderLimits } from '../../../../domain/orders/order.schema';
import type { ErrorDetail } from '../../../../domain/shared/errors';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions } from '../../../ui/dialog';
import { TextArea } from '../../../ui/text-area';

const reasonSchema = completeWorkSchema.shape.reason;

/**
 * Completing work with values outside tolerance, or with checked values not measured: the operator
 * says why (required, as the server asks), and the order keeps its quality flag.
 */
export function CompleteWithReasonDialog({
  orderNumber,
  failedValues,
  missingValues = [],
  onClose,
  onComplete,
}: {
  orderNumber: string;
  failedValues: readonly string[];
  missingValues?: readonly string[];
  onClose: () => void;
  onComplete: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<ErrorDetail | undefined>();
  const submit = (close: () => void) => {
    const checked = reasonSchema.safeParse(reason);
    if (!checked.success) {
      setProblem({ path: 'reason', message: 'validation.maxLength', params: { max: orderLimits.qualityReason } });
      return;
    }
    const noReason = failedValuesNeedReason(failedValues, checked.data, missingValues);
    if (noReason) {
      setProblem(noReason.details[0]);
      return;
    }
    onComplete(checked.data);
    close();
  };
  return (
    <Dialog
      title={t(failedValues.length > 0 ? 'orders.measure.reasonTitle' : 'orders.measure.missingTitle', { orderNumber })}
      isOpen
      onOpenChange={(open) => (open ? null : onClose())}
    >
      {(close) => (
        <>
          {failedValues.length > 0 ? <p>{t('orders.measure.reasonText', { values: failedValues.join(', ') })}</p> : null}
          {missingValues.length > 0 ? <p>{t('orders.measure.missingText', { values: missingValues.join(', ') })}</p> : null}
          <TextArea
            label={t('orders.measure.reason')}
            description={t('orders.measure.reasonHint', { max: orderLimits.qualityReason })}
            value={reason}
            onChange={(next) => {
              setReason(next);
              setProblem(undefined);
            }}
            errorDetail={problem}
            isRequired
            autoFocus
          />
          <DialogActions>
            <Button variant="secondary" onPress={close}>
              {t('common.actions.cancel')}
            </Button>
            <Button onPress={() => submit(close)}>{t('orders.measure.completeAnyway')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
