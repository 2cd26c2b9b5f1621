import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { CustomerAccountRow } from '../../../domain/company/company.views';
import { formatDate } from '../../lib/locale';
import { defaultPaging, type PagingState } from '../../lib/paging';
import { Button } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { Link } from '../../ui/link';
import { useCustomers } from './api/customers';
import { AddCustomerDialog } from './components/add-customer-dialog';
import { DeleteCustomerDialog } from './components/delete-customer-dialog';
import './customers.css';
import { formatGb } from './format';
import { useDebounced } from '../../lib/use-debounced';

/** The product operator's list of customer accounts: server paging and a company-name filter. */
export function CustomersScreen({ headerLinks }: { headerLinks?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const [paging, setPaging] = useState<PagingState>(defaultPaging);
  const [toDelete, setToDelete] = useState<CustomerAccountRow | null>(null);
  const [adding, setAdding] = useState(false);
  const companyName = useDebounced(paging.globalFilter.trim());
  const customers = useCustomers({ page: paging.pageIndex + 1, limit: paging.pageSize, companyName: companyName || undefined });
  const language = i18n.resolvedLanguage;

  const columns = useMemo<DataTableColumn<CustomerAccountRow>[]>(
    () => [
      { id: 'companyName', header: t('customers.columns.company'), cell: (row) => row.companyName, isRowHeader: true },
      { id: 'superUser', header: t('customers.columns.superUser'), cell: (row) => row.superUser ?? '–' },
      { id: 'email', header: t('customers.columns.email'), cell: (row) => row.email ?? '–' },
      { id: 'registeredAt', header: t('customers.columns.registeredAt'), cell: (row) => formatDate(row.registeredAt, language) },
      { id: 'code', header: t('customers.columns.code'), cell: (row) => row.code },
      { id: 'users', header: t('customers.columns.users'), cell: (row) => row.users },
      { id: 'plan', header: t('customers.columns.plan'), cell: (row) => t(`customers.plans.${row.plan}`) },
      {
        id: 'storageGb',
        header: t('customers.columns.storageGb'),
        cell: (row) => t('customers.storageOfQuota', { used: formatGb(row.storageGb, language), quota: formatGb(row.storageQuotaGb, language) }),
      },
      {
        id: 'actions',
        header: t('customers.columns.actions'),
        cell: (row) => (
          <div className="customer-actions">
            <Link href={`/customer/edit-customer/${row.id}`} aria-label={t('customers.editCompany', { company: row.companyName })}>
              {t('customers.editAction')}
            </Link>
            <Button variant="quiet" onPress={() => setToDelete(row)} aria-label={t('customers.deleteCompany', { company: row.companyName })}>
              {t('customers.delete.action')}
            </Button>
          </div>
        ),
      },
    ],
    [t, language],
  );

  return (
    <div className="page">
      <div className="page-header">
        <h1>{t('screens.customers.title')}</h1>
        <div className="customers-header-actions">
          {headerLinks}
          <Button onPress={() => setAdding(true)}>{t('customers.add.action')}</Button>
        </div>
      </div>
      <p className="customers-intro">{t('customers.intro')}</p>
      <DataTable
        label={t('customers.tableLabel')}
        columns={columns}
        rows={customers.data?.data ?? []}
        rowId={(row) => row.id}
        total={customers.data?.total ?? 0}
        paging={paging}
        onPagingChange={setPaging}
        isLoading={customers.isPending}
        error={customers.error}
        withFilter
        onRowAction={(row) => navigate(`/customer/edit-customer/${row.id}`)}
      />
      <DeleteCustomerDialog customer={toDelete} onClose={() => setToDelete(null)} />
      <AddCustomerDialog isOpen={adding} onClose={() => setAdding(false)} />
    </div>
  );
}
