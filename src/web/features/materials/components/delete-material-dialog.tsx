import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { describeError } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions } from '../../../ui/dialog';
import { useNotify } from '../../../ui/notification-bar';
import { useDeleteMaterial } from '../api/materials';
import { materialLabel } from '../material-draft';

/** The material a delete asks about; the version guards against deleting what someone just changed. */
export interface MaterialToDelete {
  id: string;
  name: string;
  version?: number;
}

/** Why a delete was refused, naming the materials that still use it as a component. */
export function deleteRefusal(t: TFunction, name: string, error: unknown): string {
  if (isApiError(error) && error.code === 'MATERIAL_IN_USE') {
    const users = error.details.flatMap((detail) =>
      typeof detail.params?.name === 'string' ? [materialLabel({ name: detail.params.name, materialNumber: String(detail.params.materialNumber ?? '') })] : [],
    );
    return t('materials.messages.inUse', { name, where: users.join(', ') });
  }
  if (isApiError(error) && error.code === 'MATERIAL_IN_PRODUCTION') return describeError(t, error);
  return t('materials.messages.deleteFailed', { name, reason: describeError(t, error) });
}

export interface DeleteMaterialDialogProps {
  /** Open while set. */
  material: MaterialToDelete | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** Asks before a material is deleted; the answer, success or refusal, goes to the notification bar. */
export function DeleteMaterialDialog({ material, onClose, onDeleted }: DeleteMaterialDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const remove = useDeleteMaterial();

  const confirm = () => {
    if (!material) return;
    remove.mutate(
      { id: material.id, version: material.version },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t('materials.messages.deleted', { name: material.name }) });
          onClose();
          onDeleted?.();
        },
        onError: (error) => {
          notify({ severity: 'error', message: deleteRefusal(t, material.name, error) });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      title={t('materials.delete.title')}
      role="alertdialog"
      isOpen={material !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
    >
      <p>{t('materials.delete.question', { name: material?.name ?? '' })}</p>
      <DialogActions>
        <Button variant="secondary" onPress={onClose} isDisabled={remove.isPending} autoFocus>
          {t('common.actions.cancel')}
        </Button>
        <Button variant="danger" onPress={confirm} isDisabled={remove.isPending}>
          {t('materials.delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
