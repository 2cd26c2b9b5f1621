import { useTranslation } from 'react-i18next';
import { AddClientScreen, ClientsScreen, EditClientScreen } from '../../features/clients';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** The company's customer directory: the list, the add-client and edit-client screens. */
export default function ClientsPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  if (screen === 'addClient') return <AddClientScreen />;
  if (screen === 'editClient') return <EditClientScreen />;
  return <ClientsScreen />;
}
