import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientView } from '../../../domain/clients/clients.views';
import { canChange } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { useChangeRights } from '../../lib/use-change-rights';
import { useDebounced } from '../../lib/use-debounced';
import { EmptyState } from '../../ui/empty-state';
import { Link } from '../../ui/link';
import { TableState } from '../../ui/table-parts';
import { TextField } from '../../ui/text-field';
import { useClients } from './api/clients';
import { addClientHref, clientHref } from '../../lib/client-links';
import './clients.css';

const placeOf = (client: ClientView) => [client.deliveryAddress.zip, client.deliveryAddress.place].filter(Boolean).join(' ');

/** `clients`: the company's customer directory, found by name or contact person; each name opens the client. */
export function ClientsScreen() {
  const { t } = useTranslation();
  const { session } = useAuth();
  const canWrite = canChange(session, 'orders', useChangeRights());
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed.trim());
  const clients = useClients(q);
  const rows = clients.data?.data ?? [];
  const title = t('clients.screens.clients.title');
  const addLink = canWrite ? (
    <Link variant="button" href={addClientHref}>
      {t('clients.list.add')}
    </Link>
  ) : null;

  const noneYet = clients.isSuccess && rows.length === 0 && q === '';
  return (
    <div className="page">
      <div className="page-header clients-header">
        <div>
          <h1>{title}</h1>
          <p className="clients-muted">{t('clients.list.intro')}</p>
        </div>
        {addLink}
      </div>
      {noneYet ? (
        <EmptyState title={t('clients.list.emptyTitle')} action={addLink}>
          {t('clients.list.emptyText')}
        </EmptyState>
      ) : (
        <section className="panel clients-panel" aria-label={title}>
          <TextField
            className="clients-search"
            type="search"
            label={t('clients.list.search')}
            description={t('clients.list.searchHint')}
            value={typed}
            onChange={setTyped}
          />
          <div className="data-table">
            <div className="data-table-scroll">
              <table className="table" data-plain="" aria-label={title} aria-busy={clients.isFetching || undefined}>
                <thead>
                  <tr>
                    <th scope="col" className="table-column">
                      {t('clients.fields.name')}
                    </th>
                    <th scope="col" className="table-column">
                      {t('clients.fields.contactPerson')}
                    </th>
                    <th scope="col" className="table-column">
                      {t('clients.fields.place')}
                    </th>
                    <th scope="col" className="table-column">
                      {t('clients.fields.phone')}
                    </th>
                    <th scope="col" className="table-column">
                      {t('clients.fields.email')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.length === 0 || clients.isError ? (
                    <tr>
                      <td colSpan={5} className="table-state-cell">
                        {clients.isSuccess && !clients.isError ? (
                          <div className="table-state">{t('clients.list.noMatch', { q })}</div>
                        ) : (
                          <TableState t={t} isLoading={clients.isPending} error={clients.error} />
                        )}
                      </td>
                    </tr>
                  ) : (
                    rows.map((client) => (
                      <tr key={client.id} className="table-row">
                        <th scope="row" className="table-cell">
                          <Link href={clientHref(client.id)}>{client.name}</Link>
                        </th>
                        <td className="table-cell">{client.contactPerson}</td>
                        <td className="table-cell">{placeOf(client)}</td>
                        <td className="table-cell">{client.phone}</td>
                        <td className="table-cell">{client.email}</td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </div>
          </div>
        </section>
      )}
    </div>
  );
}
