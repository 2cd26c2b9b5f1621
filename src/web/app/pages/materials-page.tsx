import { useTranslation } from 'react-i18next';
import { AddMaterialScreen, EditMaterialScreen, MaterialsScreen } from '../../features/materials';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** The material tabs and the add-material and edit-material screens. */
export default function MaterialsPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  if (screen === 'addMaterial') return <AddMaterialScreen />;
  if (screen === 'editMaterial') return <EditMaterialScreen />;
  return <MaterialsScreen />;
}
