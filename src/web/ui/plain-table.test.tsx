// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../lib/i18n';
import { defaultPaging } from '../lib/paging';
import { PlainTable } from './plain-table';
import type { DataTableColumn } from './table-parts';

interface Order {
  id: string;
  number: string;
  station: string;
}

const columns: DataTableColumn<Order>[] = [
  { id: 'number', header: 'Order number', isRowHeader: true, cell: (row) => <a href={`/order/details/${row.id}`}>{row.number}</a> },
  { id: 'station', header: 'Station', cell: (row) => row.station },
];

const orders = Array.from({ length: 12 }, (_, index) => ({ id: `o-${index + 1}`, number: `${100 + index}`, station: index % 2 ? 'SAW' : 'DRILL' }));

function Board({ i18n, state, opened }: { i18n: I18n; state?: 'loading' | 'error' | 'empty'; opened: string[] }) {
  const [paging, setPaging] = useState(defaultPaging);
  const rows = state === 'empty' ? [] : orders;
  const start = paging.pageIndex * paging.pageSize;
  return (
    <I18nextProvider i18n={i18n}>
      <PlainTable
        label="Orders now"
        columns={columns}
        rows={rows.slice(start, start + paging.pageSize)}
        rowId={(row) => row.id}
        total={rows.length}
        paging={paging}
        onPagingChange={setPaging}
        isLoading={state === 'loading'}
        error={state === 'error' ? new Error('down') : undefined}
        onRowAction={(row) => opened.push(row.id)}
      />
    </I18nextProvider>
  );
}

afterEach(cleanup);

describe('plain table', () => {
  it('names each row by its row header, with its link, and pages through the rows', async () => {
    render(<Board i18n={createI18n('en')} opened={[]} />);
    expect(screen.getByRole('table', { name: 'Orders now' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Order number', 'Station']);
    expect(screen.getAllByRole('rowheader')).toHaveLength(10);
    expect(screen.getByRole('row', { name: '100 DRILL' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '100' }).getAttribute('href')).toBe('/order/details/o-1');
    expect(screen.getByText('1 - 10 of 12 results')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next page' })));
    expect(screen.getByText('11 - 12 of 12 results')).toBeTruthy();
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['110', '111']);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens a row clicked anywhere but on its link; a modified click opens nothing', () => {
    const opened: string[] = [];
    render(<Board i18n={createI18n('en')} opened={opened} />);
    fireEvent.click(screen.getAllByRole('cell', { name: 'SAW' })[0]);
    expect(opened).toEqual(['o-2']);
    fireEvent.click(screen.getByRole('link', { name: '100' }));
    fireEvent.click(screen.getAllByRole('cell', { name: 'DRILL' })[0], { ctrlKey: true });
    expect(opened).toEqual(['o-2']);
  });

  it('shows an empty row, a loading row and an error row in the user language', () => {
    render(<Board i18n={createI18n('de')} state="loading" opened={[]} />);
    expect(screen.getAllByText('Daten werden geladen…').length).toBeGreaterThan(0);
    cleanup();
    render(<Board i18n={createI18n('en')} state="error" opened={[]} />);
    expect(screen.getByText('Error loading data.')).toBeTruthy();
    cleanup();
    render(<Board i18n={createI18n('en')} state="empty" opened={[]} />);
    expect(screen.getByText('No results found.')).toBeTruthy();
    expect(screen.getByText('0 - 0 of 0 results')).toBeTruthy();
  });
});
