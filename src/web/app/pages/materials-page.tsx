import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { DocumentsPanel } from '../../features/documents';
import { ImportScreen } from '../../features/imports';
import { AddMaterialScreen, EditMaterialScreen, MaterialsScreen } from '../../features/materials';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** The material tabs, the add-material and edit-material screens, and the CSV import. */
export default function MaterialsPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  const { id } = useParams<{ id?: string }>();
  useDocumentTitle(t(`screens.${screen}.title`));
  if (screen === 'addMaterial') return <AddMaterialScreen />;
  if (screen === 'importData') return <ImportScreen />;
  if (screen === 'editMaterial') return <EditMaterialScreen documents={id ? <DocumentsPanel types={['material-label']} subjectId={id} /> : null} />;
  return <MaterialsScreen />;
}
