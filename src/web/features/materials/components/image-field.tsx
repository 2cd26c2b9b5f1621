import { useTranslation } from 'react-i18next';
import { materialLimits } from '../../../../domain/materials/materials.schema';
import type { ErrorDetail } from '../../../../domain/shared/errors';
import { useObjectUrl } from '../../../lib/object-url';
import { Button } from '../../../ui/button';
import { FilePicker } from '../../../ui/file-picker';
import { useDetailText } from '../../../ui/form';
import { ProgressBar } from '../../../ui/progress-bar';
import { Spinner } from '../../../ui/spinner';
import { FormSection } from './section';

/** What the file dialog offers; the server decides by the file's bytes, not its name. */
export const imageFileTypes = ['image/png', 'image/jpeg'] as const;
const imageFileName = /\.(png|jpe?g)$/i;

/** Why a chosen file cannot be the image (spec: JPG, JPEG or PNG up to 512 MB), checked before uploading. */
export function imageProblem(file: File): ErrorDetail | undefined {
  const typeFits = imageFileTypes.some((type) => type === file.type) || (file.type === '' && imageFileName.test(file.name));
  if (!typeFits) return { path: 'image', message: 'materials.validation.imageType' };
  if (file.size > materialLimits.imageBytes) return { path: 'image', message: 'materials.validation.imageSize' };
  return undefined;
}

export interface ImageFieldProps {
  /** The material's name, for the preview's text alternative. */
  materialName: string;
  /** The picture to show: the chosen file, or the stored image's bytes. */
  preview: Blob | null;
  isLoadingPreview?: boolean;
  /** Percent sent while an upload is under way, else null. */
  progress: number | null;
  problem?: ErrorDetail;
  /** Shown under the buttons, e.g. that the image is uploaded on save. */
  note?: string;
  isDisabled?: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}

/** The material's image: preview, choose (JPG, JPEG, PNG), remove, and the upload's progress. */
export function ImageField({ materialName, preview, isLoadingPreview, progress, problem, note, isDisabled, onPick, onRemove }: ImageFieldProps) {
  const { t } = useTranslation();
  const url = useObjectUrl(preview);
  const problemText = useDetailText(problem);
  const uploading = progress !== null;

  return (
    <FormSection title={t('materials.image.title')} className="material-image">
      <div className="material-image-body">
        <div className="material-image-frame">
          {url ? (
            <img src={url} alt={t('materials.image.preview', { name: materialName.trim() || t('materials.image.unnamed') })} />
          ) : isLoadingPreview ? (
            <Spinner size="small" />
          ) : (
            <span className="material-image-none">{t('materials.image.none')}</span>
          )}
        </div>
        <div className="material-image-actions">
          <p className="field-description">{t('materials.image.hint')}</p>
          <div className="material-buttons">
            <FilePicker acceptedFileTypes={imageFileTypes} onSelect={onPick} isDisabled={isDisabled || uploading}>
              {url ? t('materials.image.replace') : t('materials.image.choose')}
            </FilePicker>
            {url ? (
              <Button variant="quiet" onPress={onRemove} isDisabled={isDisabled || uploading}>
                {t('materials.image.remove')}
              </Button>
            ) : null}
          </div>
          {uploading ? <ProgressBar label={t('materials.image.uploading')} value={progress} /> : null}
          {problemText ? (
            <p className="field-error" role="alert">
              {problemText}
            </p>
          ) : null}
          {note ? <p className="field-description">{note}</p> : null}
        </div>
      </div>
    </FormSection>
  );
}
