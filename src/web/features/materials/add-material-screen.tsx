import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import type { ErrorDetail } from '../../../domain/shared/errors';
import { describeError } from '../../lib/error-messages';
import { Form, FormError } from '../../ui/form';
import { useNotify } from '../../ui/notification-bar';
import { useCreateMaterial, useUploadMaterialImage } from './api/materials';
import { ImageField, imageProblem } from './components/image-field';
import { MaterialFields } from './components/material-fields';
import { MaterialFormActions } from './components/material-form-actions';
import { MaterialHeader } from './components/material-header';
import { editMaterialHref, listStateOf, materialListHref } from './list-search';
import { emptyDraft } from './material-draft';
import './materials.css';
import { useMaterialForm } from './use-material-form';

const percentOf = (loaded: number, total: number) => (total > 0 ? Math.round((loaded / total) * 100) : 0);

/** `material/add-material?type=`: a new material; its image is uploaded right after it is created. */
export function AddMaterialScreen() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [search] = useSearchParams();
  const notify = useNotify();
  const form = useMaterialForm(() => emptyDraft(listStateOf(search).type));
  const create = useCreateMaterial();
  const upload = useUploadMaterialImage();
  const [image, setImage] = useState<File | null>(null);
  const [imageIssue, setImageIssue] = useState<ErrorDetail | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const { draft } = form;
  const busy = create.isPending || progress !== null;

  const pickImage = (file: File) => {
    const problem = imageProblem(file);
    setImageIssue(problem);
    setImage(problem ? null : file);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const material = form.submit();
    if (!material) return;
    create.mutate(material, {
      onSuccess: async (created) => {
        if (image) {
          setProgress(0);
          try {
            await upload.mutateAsync({ id: created.id, file: image, onProgress: ({ loaded, total }) => setProgress(percentOf(loaded, total)) });
          } catch (error) {
            // The material exists; the image can be tried again on its edit screen.
            notify({ severity: 'warning', message: t('materials.image.createdWithoutImage', { name: created.name, reason: describeError(t, error) }) });
            navigate(editMaterialHref(created.id));
            return;
          } finally {
            setProgress(null);
          }
        }
        notify({ severity: 'success', message: t('materials.messages.created', { name: created.name }) });
        navigate(materialListHref(created.type));
      },
      onError: (error) => {
        form.showServerProblems(error);
        notify({ severity: 'error', message: t('materials.messages.createFailed', { reason: describeError(t, error) }) });
      },
    });
  };

  const title = t(`materials.titles.add.${draft.type}`);
  return (
    <div className="page" id={form.scopeId}>
      <MaterialHeader title={title} type={draft.type} />
      <Form className="panel form-panel" onSubmit={submit} aria-label={title}>
        {form.hasProblems ? <FormError>{t('materials.form.fixProblems')}</FormError> : null}
        <MaterialFields value={draft} onChange={form.change} problem={form.problem} limit={form.limit} />
        <ImageField
          materialName={draft.name}
          preview={image}
          progress={progress}
          problem={imageIssue}
          note={image ? t('materials.image.uploadOnSave') : undefined}
          isDisabled={busy}
          onPick={pickImage}
          onRemove={() => {
            setImage(null);
            setImageIssue(undefined);
          }}
        />
        <MaterialFormActions type={draft.type} isBusy={busy} />
      </Form>
    </div>
  );
}
