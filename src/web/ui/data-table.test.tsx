// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../lib/i18n';
import { defaultPaging, type PagingState } from '../lib/paging';
import { DataTable, type DataTableColumn } from './data-table';

interface Material {
  id: string;
  name: string;
  stock: number;
}

const columns: DataTableColumn<Material>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, isRowHeader: true, allowsSorting: true },
  { id: 'stock', header: 'Stock', cell: (row) => row.stock },
];

const materials = Array.from({ length: 23 }, (_, index) => ({ id: `m-${index + 1}`, name: `Bracket ${index + 1}`, stock: index }));

// Stands in for a feature's list query: answers the page the paging asks for.
function MaterialTable({ i18n, state, seen }: { i18n: I18n; state?: 'loading' | 'error'; seen: PagingState[] }) {
  const [paging, setPaging] = useState(defaultPaging);
  const start = paging.pageIndex * paging.pageSize;
  const matching = materials.filter((row) => row.name.includes(paging.globalFilter));
  return (
    <I18nextProvider i18n={i18n}>
      <DataTable
        label="Materials"
        columns={columns}
        rows={matching.slice(start, start + paging.pageSize)}
        rowId={(row) => row.id}
        total={matching.length}
        paging={paging}
        onPagingChange={(next) => {
          seen.push(next);
          setPaging(next);
        }}
        isLoading={state === 'loading'}
        error={state === 'error' ? new Error('down') : undefined}
        withFilter
      />
    </I18nextProvider>
  );
}

afterEach(cleanup);

describe('data table', () => {
  it('shows the first page of ten with its paging text and pages forward and back', async () => {
    const seen: PagingState[] = [];
    render(<MaterialTable i18n={createI18n('en')} seen={seen} />);
    expect(screen.getByText('1 - 10 of 23 results')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next page' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next page' })));
    expect(screen.getByText('21 - 23 of 23 results')).toBeTruthy();
    expect(screen.getByText('Bracket 23')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    expect(seen.map((paging) => paging.pageIndex)).toEqual([1, 2]);
  });

  it('sorts by a sortable column on the server, ascending then descending, from the first page', async () => {
    const seen: PagingState[] = [];
    render(<MaterialTable i18n={createI18n('en')} seen={seen} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next page' })));
    await act(async () => fireEvent.click(screen.getByRole('columnheader', { name: 'Name' })));
    expect(seen.at(-1)).toMatchObject({ sort: 'name', pageIndex: 0 });
    await act(async () => fireEvent.click(screen.getByRole('columnheader', { name: 'Name' })));
    expect(seen.at(-1)).toMatchObject({ sort: '-name', pageIndex: 0 });
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');
  });

  it('goes back to the first page when the filter changes', async () => {
    const seen: PagingState[] = [];
    render(<MaterialTable i18n={createI18n('en')} seen={seen} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next page' })));
    await act(async () => fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Bracket 2' } }));
    expect(seen.at(-1)).toMatchObject({ pageIndex: 0, globalFilter: 'Bracket 2' });
    expect(screen.getByText('1 - 5 of 5 results')).toBeTruthy();
  });

  it('shows an empty row, a loading row and an error row in the user language', () => {
    const { unmount } = render(<MaterialTable i18n={createI18n('de')} state="loading" seen={[]} />);
    expect(screen.getAllByText('Daten werden geladen…').length).toBeGreaterThan(0);
    unmount();
    render(<MaterialTable i18n={createI18n('en')} state="error" seen={[]} />);
    expect(screen.getByText('Error loading data.')).toBeTruthy();
    cleanup();
    const seen: PagingState[] = [];
    render(<MaterialTable i18n={createI18n('en')} seen={seen} />);
    act(() => {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Washer' } });
    });
    expect(screen.getByText('No results found.')).toBeTruthy();
    expect(screen.getByText('0 - 0 of 0 results')).toBeTruthy();
  });
});
