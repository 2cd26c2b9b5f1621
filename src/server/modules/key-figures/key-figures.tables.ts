import type { ColumnType } from 'kysely';

/** An order as the key figures read it: kind, pieces, delivery date, created and done (docs/key-figures.md). */
export interface KeyFigureOrdersTable {
  id: string;
  company_id: string;
  kind: 'customer' | 'production' | 'logistics';
  pieces: number;
  /** `date`: read back as `YYYY-MM-DD` text (see the cast in the queries). */
  delivery_date: ColumnType<string | null, string | null, string | null>;
  created_at: ColumnType<Date, Date | string, Date | string>;
  done_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

/** Work done at a station (one `WorkCompleted`): Start to Complete and the order's pieces. */
export interface KeyFigureStationRunsTable {
  order_id: string;
  stream_version: number;
  company_id: string;
  station_id: string;
  started_at: ColumnType<Date, Date | string, Date | string>;
  completed_at: ColumnType<Date, Date | string, Date | string>;
  pieces: number;
}

/** An improvement suggestion; `implemented_at` while its last status is IMPLEMENTED. */
export interface KeyFigureSuggestionsTable {
  id: string;
  company_id: string;
  station_id: string | null;
  implemented_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

/** An interruption (Andon) at a station: reported, and resolved (null while open). */
export interface KeyFigureInterruptionsTable {
  id: string;
  company_id: string;
  station_id: string;
  order_id: string | null;
  reported_at: ColumnType<Date, Date | string, Date | string>;
  resolved_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

declare module '../../platform/db.js' {
  interface Tables {
    key_figure_interruptions: KeyFigureInterruptionsTable;
    key_figure_orders: KeyFigureOrdersTable;
    key_figure_station_runs: KeyFigureStationRunsTable;
    key_figure_suggestions: KeyFigureSuggestionsTable;
  }
}
