import { useTranslation } from 'react-i18next';
import type { MaterialType } from '../../../../domain/materials/materials.schema';
import { Button } from '../../../ui/button';
import { Link } from '../../../ui/link';
import { materialListHref } from '../list-search';

export interface MaterialFormActionsProps {
  /** The list Cancel goes back to. */
  type: MaterialType;
  isBusy: boolean;
  /** Offers Delete (apart, at the start) when given. */
  onDelete?: () => void;
}

/** The material form's action row: Delete on an edit, Cancel back to the list, Save. */
export function MaterialFormActions({ type, isBusy, onDelete }: MaterialFormActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      {onDelete ? (
        <Button variant="danger" onPress={onDelete} isDisabled={isBusy}>
          {t('materials.form.delete')}
        </Button>
      ) : null}
      <Link variant="button" href={materialListHref(type)}>
        {t('common.actions.cancel')}
      </Link>
      <Button type="submit" isDisabled={isBusy}>
        {t('common.actions.save')}
      </Button>
    </div>
  );
}
