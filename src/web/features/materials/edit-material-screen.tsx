import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import type { Material } from '../../../domain/materials/materials.schema';
import type { ErrorDetail } from '../../../domain/shared/errors';
import { can } from '../../lib/access';
import { isApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { describeError } from '../../lib/error-messages';
import { EditConflict } from '../../lib/edit-conflict';
import { useVersionedEdit } from '../../lib/use-versioned-edit';
import { Form, FormError } from '../../ui/form';
import { useNotify } from '../../ui/notification-bar';
import { RecordLoader } from '../../ui/record-loader';
import { getMaterialQueryOptions, useMaterial, useMaterialImage, useRemoveMaterialImage, useUpdateMaterial, useUploadMaterialImage } from './api/materials';
import { BomTree } from './components/bom-tree';
import { DeleteMaterialDialog } from './components/delete-material-dialog';
import { ImageField, imageProblem } from './components/image-field';
import { MaterialFields } from './components/material-fields';
import { MaterialFormActions } from './components/material-form-actions';
import { MaterialHeader } from './components/material-header';
import { MaterialMediaPanel } from './components/material-media-panel';
import { materialListHref } from './list-search';
import { draftOf, isMadeHere } from './material-draft';
import './materials.css';
import { useMaterialForm } from './use-material-form';

/** `material/edit-material/:id`: change a material, its image, and see its bill of materials. */
export function EditMaterialScreen({ documents }: { documents?: ReactNode } = {}) {
  const { t } = useTranslation();
  const { id = '' } = useParams<{ id?: string }>();
  const material = useMaterial(id);
  return (
    <RecordLoader
      id={id}
      query={material}
      failedTitle={t('materials.form.loadFailed')}
      noneChosen={{ title: t('materials.form.noneChosen'), text: t('materials.form.chooseInList') }}
      back={{ href: '/material', label: t('materials.form.backToList') }}
      frame={(placeholder) => (
        <div className="page">
          <MaterialHeader title={t('screens.editMaterial.title')} />
          <div className="panel">{placeholder}</div>
        </div>
      )}
    >
      {(loaded) => <EditMaterialForm key={loaded.id} material={loaded} documents={documents} />}
    </RecordLoader>
  );
}

const percentOf = (loaded: number, total: number) => (total > 0 ? Math.round((loaded / total) * 100) : 0);

/** The image field's problem from a refused upload: the server's detail (413, 415) or the error code. */
function imageIssueOf(error: unknown): ErrorDetail {
  if (isApiError(error)) return error.details.find((detail) => detail.path === 'image') ?? { path: 'image', message: error.code };
  return { path: 'image', message: 'UNKNOWN_ERROR' };
}

function EditMaterialForm({ material, documents }: { material: Material; documents?: ReactNode }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const { session } = useAuth();
  const canWrite = can(session, 'write');
  const [image, setImage] = useState(material.image);
  const edit = useVersionedEdit({
    version: material.version,
    latest: getMaterialQueryOptions(material.id),
    texts: 'materials.conflict',
    onLatest: (latest, keepEntries) => {
      setImage(latest.image);
      if (!keepEntries) form.reset(draftOf(latest));
    },
  });
  const { version, setVersion } = edit;
  const form = useMaterialForm(() => draftOf(material), version);
  const update = useUpdateMaterial();
  const upload = useUploadMaterialImage();
  const removeImage = useRemoveMaterialImage();
  const preview = useMaterialImage(image?.url ?? null);
  const [progress, setProgress] = useState<number | null>(null);
  const [imageIssue, setImageIssue] = useState<ErrorDetail | undefined>();
  const [deleting, setDeleting] = useState(false);
  const { draft } = form;
  const busy = update.isPending || progress !== null || removeImage.isPending;

  // An image change moves the version on by exactly one. If it moved further, someone else saved
  // meanwhile: the form keeps its version so the next save hears about it (CONFLICT_ERROR).
  const followImageChange = (answer: Material) => {
    setImage(answer.image);
    setVersion((current) => (answer.version === current + 1 ? answer.version : current));
  };

  const pickImage = async (file: File) => {
    const problem = imageProblem(file);
    setImageIssue(problem);
    if (problem) return;
    setProgress(0);
    try {
      const answer = await upload.mutateAsync({ id: material.id, file, onProgress: ({ loaded, total }) => setProgress(percentOf(loaded, total)) });
      followImageChange(answer);
      notify({ severity: 'success', message: t('materials.image.uploaded') });
    } catch (error) {
      setImageIssue(imageIssueOf(error));
      notify({ severity: 'error', message: t('materials.image.uploadFailed', { reason: describeError(t, error) }) });
    } finally {
      setProgress(null);
    }
  };

  const dropImage = () =>
    removeImage.mutate(material.id, {
      onSuccess: (answer) => {
        followImageChange(answer);
        setImageIssue(undefined);
        notify({ severity: 'success', message: t('materials.image.removed') });
      },
      onError: (error) => notify({ severity: 'error', message: t('materials.image.removeFailed', { reason: describeError(t, error) }) }),
    });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    update.mutate(
      { id: material.id, update: { ...checked, version } },
      {
        onSuccess: (saved) => {
          notify({ severity: 'success', message: t('materials.messages.updated', { name: saved.name }) });
          navigate(materialListHref(saved.type));
        },
        onError: (error) => {
          if (!edit.isConflict(error)) form.showServerProblems(error);
          notify({ severity: 'error', message: t('materials.messages.updateFailed', { reason: describeError(t, error) }) });
        },
      },
    );
  };

  const title = t(`materials.titles.edit.${draft.type}`);
  return (
    <div className="page" id={form.scopeId}>
      <MaterialHeader title={title} type={draft.type} />
      <Form className="panel form-panel" onSubmit={submit} aria-label={title}>
        <EditConflict edit={edit} />
        {form.hasProblems ? <FormError>{t('materials.form.fixProblems')}</FormError> : null}
        {canWrite ? null : <p className="form-note">{t('materials.form.readOnly')}</p>}
        <fieldset className="material-fields" disabled={!canWrite}>
          <MaterialFields value={draft} onChange={form.change} problem={form.problem} limit={form.limit} materialId={material.id} />
        </fieldset>
        <ImageField
          materialName={draft.name}
          preview={preview.data ?? null}
          isLoadingPreview={image !== null && preview.isPending}
          progress={progress}
          problem={imageIssue}
          isDisabled={busy || !canWrite}
          onPick={(file) => void pickImage(file)}
          onRemove={dropImage}
        />
        {canWrite ? <MaterialFormActions type={draft.type} isBusy={busy} onDelete={() => setDeleting(true)} /> : null}
      </Form>
      <MaterialMediaPanel materialId={material.id} steps={material.manufacturingSteps} canWrite={canWrite} />
      {isMadeHere(material.type) ? <BomTree materialId={material.id} hasUnsavedChanges={form.isDirty} /> : null}
      {/* The material's labels (app/ composes the documents panel in). */}
      {documents}
      <DeleteMaterialDialog
        material={deleting ? { id: material.id, name: material.name, version } : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate(materialListHref(material.type))}
      />
    </div>
  );
}
