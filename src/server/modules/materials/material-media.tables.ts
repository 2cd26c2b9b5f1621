import type { ColumnType, Selectable } from 'kysely';
import type { MediaType } from '../../../domain/materials/material-media.schema.js';

/** One image or PDF drawing of a material, for one station (a step's) or, `station_id` null, every station. */
export interface MaterialMediaTable {
  id: string;
  company_id: string;
  material_id: string;
  station_id: string | null;
  file_name: string;
  content_type: MediaType;
  size: ColumnType<string, number, number>;
  uploaded_by: string | null;
  uploaded_at: Date;
}

export type MaterialMediumRow = Selectable<MaterialMediaTable>;

declare module '../../platform/db.js' {
  interface Tables {
    material_media: MaterialMediaTable;
  }
}
