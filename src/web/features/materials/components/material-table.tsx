import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { attributeOptionsOf, chosenFavourites, measuredValueOf } from '../../../../domain/company/favourites.rules';
import type { MaterialSummary, MaterialType } from '../../../../domain/materials/materials.schema';
import { useFavourites } from '../../../lib/company-display';
import { useFormatNumber } from '../../../lib/locale';
import type { PagingState } from '../../../lib/paging';
import { useDebounced } from '../../../lib/use-debounced';
import { Button } from '../../../ui/button';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { Link } from '../../../ui/link';
import { findMaterialByNumber, useMaterials } from '../api/materials';
import { editMaterialHref } from '../list-search';
import { isMadeHere } from '../material-draft';
import type { MaterialToDelete } from './delete-material-dialog';
import { shownMoney } from './number-input';

export interface MaterialTableProps {
  type: MaterialType;
  paging: PagingState;
  onPagingChange: (next: PagingState) => void;
  /** Shows edit and delete (not for operators, who only read). */
  canWrite: boolean;
  onDelete: (material: MaterialToDelete) => void;
}

/** One tab of the material screen: a server-paged, sortable table of one type. */
export function MaterialTable({ type, paging, onPagingChange, canWrite, onDelete }: MaterialTableProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const format = useFormatNumber();
  const favourites = useFavourites();
  const q = useDebounced(paging.globalFilter.trim());
  const materials = useMaterials({ type, page: paging.pageIndex + 1, limit: paging.pageSize, q, sort: paging.sort });

  // A scanned label (its Code 128 or QR code is the material number, ended by Enter) opens the
  // material whose number matches exactly, whatever its type and wherever it sorts; anything else stays a search.
  const openScanned = async (text: string) => {
    const match = await findMaterialByNumber(text).catch(() => null);
    if (match) navigate(editMaterialHref(match.id));
  };

  const columns = useMemo<DataTableColumn<MaterialSummary>[]>(() => {
    const list: DataTableColumn<MaterialSummary>[] = [
      { id: 'name', header: t('materials.columns.name'), cell: (row) => row.name, isRowHeader: true, allowsSorting: true },
      { id: 'materialNumber', header: t('materials.columns.materialNumber'), cell: (row) => row.materialNumber || '–', allowsSorting: true },
      {
        id: 'netPrice',
        header: t('materials.columns.netPrice'),
        cell: (row) => format(row.netPrice, shownMoney),
        allowsSorting: true,
      },
      { id: 'vat', header: t('materials.columns.vat'), cell: (row) => format(row.vat), allowsSorting: true },
      { id: 'weight', header: t('materials.columns.weight'), cell: (row) => format(row.weight, { maximumFractionDigits: 3 }), allowsSorting: true },
      {
        id: 'stock',
        header: t('materials.columns.stock'),
        cell: (row) => `${format(row.stock.quantity, { maximumFractionDigits: 2 })} ${row.stock.unit}`,
        allowsSorting: true,
      },
    ];
    // The company's favourite attributes and values (App settings): the material's options, the value with its unit.
    for (const favourite of favourites ? chosenFavourites(favourites) : []) {
      list.push({
        id: `favourite-${favourite.slot}`,
        header: favourite.name,
        cell: (row) => {
          if (favourite.kind === 'attribute') return attributeOptionsOf(row, favourite.name)?.join(', ') || '–';
          const value = measuredValueOf(row, favourite.name);
          return value ? `${format(value.number, { maximumFractionDigits: 3 })} ${value.unit}` : '–';
        },
      });
    }
    if (isMadeHere(type)) list.push({ id: 'componentCount', header: t('materials.columns.components'), cell: (row) => format(row.componentCount) });
    if (canWrite) {
      list.push({
        id: 'actions',
        header: t('materials.columns.actions'),
        cell: (row) => (
          <div className="material-row-actions">
            <Link href={editMaterialHref(row.id)} aria-label={t('materials.list.editNamed', { name: row.name })}>
              {t('materials.list.edit')}
            </Link>
            <Button
              variant="quiet"
              aria-label={t('materials.list.deleteNamed', { name: row.name })}
              onPress={() => onDelete({ id: row.id, name: row.name, version: row.version })}
            >
              {t('materials.list.delete')}
            </Button>
          </div>
        ),
      });
    }
    return list;
  }, [t, format, type, canWrite, onDelete, favourites]);

  return (
    <DataTable
      label={t(`materials.tables.${type}`)}
      columns={columns}
      rows={materials.data?.data ?? []}
      rowId={(row) => row.id}
      total={materials.data?.total ?? 0}
      paging={paging}
      onPagingChange={onPagingChange}
      isLoading={materials.isPending}
      error={materials.error}
      withFilter
      onRowAction={(row) => navigate(editMaterialHref(row.id))}
      onSearchSubmit={(text) => void openScanned(text)}
    />
  );
}
