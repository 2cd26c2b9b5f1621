import { useTranslation } from 'react-i18next';
import { CustomersScreen, EditCustomerScreen } from '../../features/customers';
import { DevMailboxLink } from '../../features/dev-mailbox';
import { QueueBoardLink } from '../../features/operations';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** The master's customers list and edit-customer screen. */
export default function CustomersPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  return screen === 'editCustomer' ? (
    <EditCustomerScreen />
  ) : (
    <CustomersScreen
      headerLinks={
        <>
          <DevMailboxLink />
          <QueueBoardLink />
        </>
      }
    />
  );
}
