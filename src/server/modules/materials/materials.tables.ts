import type { ColumnType, Selectable } from 'kysely';
import type { Attribute, ManufacturingStep, MaterialType, MaterialValue, Purchasing } from '../../../domain/materials/materials.schema.js';

/** numeric columns arrive from pg as strings and are written as numbers. */
type Numeric = ColumnType<string, number, number>;
type NullableNumeric = ColumnType<string | null, number | null, number | null>;
type Json<T> = ColumnType<T, string, string>;

/** One material of a company. Sections without their own rules on other rows are JSON. */
export interface MaterialsTable {
  id: string;
  company_id: string;
  type: MaterialType;
  name: string;
  material_number: string;
  net_price: NullableNumeric;
  vat: number | null;
  weight: NullableNumeric;
  custom_tariff: string;
  description: string;
  packaging: string;
  stock_quantity: Numeric;
  stock_unit: string;
  attributes: Json<Attribute[]>;
  measured_values: Json<MaterialValue[]>;
  manufacturing_steps: Json<ManufacturingStep[]>;
  /** Each finished piece gets a serial number (migration 2026-12-03-0200). */
  serial_numbers: ColumnType<boolean, boolean | undefined, boolean>;
  purchasing: ColumnType<Purchasing | null, string | null, string | null>;
  image_content_type: 'image/png' | 'image/jpeg' | null;
  image_size: ColumnType<string | null, number | null, number | null>;
  image_updated_at: Date | null;
  /** Optimistic concurrency: every change moves it on by one; an edit names the one it was made on. */
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** A position of a bill of materials: `material_id` contains `quantity` of `component_id`. */
export interface MaterialComponentsTable {
  company_id: string;
  material_id: string;
  component_id: string;
  position: number;
  quantity: number;
}

export type MaterialRow = Selectable<MaterialsTable>;
export type MaterialComponentRow = Selectable<MaterialComponentsTable>;

declare module '../../platform/db.js' {
  interface Tables {
    materials: MaterialsTable;
    material_components: MaterialComponentsTable;
  }
}
