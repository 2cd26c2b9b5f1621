import { z } from 'zod';
import { materialLimits } from '../materials/materials.schema.js';

/**
 * What a CSV file can bring in (issue 31): new materials, the bills of materials of existing ones
 * (a second file naming materials by number), stock levels of existing materials, customer orders
 * (clients and materials by name and number) and team members (administration users, invited by email).
 */
export const importKinds = ['materials', 'bom', 'stock', 'orders', 'team'] as const;
export type ImportKind = (typeof importKinds)[number];

/** The kinds whose rights are those of the materials (the others: the orders' and the team's change rights). */
export const materialImportKinds = ['materials', 'bom', 'stock'] as const satisfies readonly ImportKind[];

/** A column of an import file: the field it fills and its header in each language (the template's, and the export's). */
export interface ImportColumn {
  field: string;
  en: string;
  de: string;
  required: boolean;
}

const column = (field: string, en: string, de: string, required = false): ImportColumn => ({ field, en, de, required });

/**
 * The columns of each kind, in the template's order. The first fourteen of `materials` are those of
 * the materials export (GET /api/materials/export.csv) under the same headers, so an exported file
 * is imported back as it is.
 */
export const importColumns: Record<ImportKind, readonly ImportColumn[]> = {
  materials: [
    column('type', 'Type', 'Art', true),
    column('name', 'Name', 'Name', true),
    column('materialNumber', 'Material number', 'Materialnummer'),
    column('netPrice', 'Net price', 'Nettopreis'),
    column('vat', 'VAT %', 'MwSt. %', true),
    column('weight', 'Weight (kg)', 'Gewicht (kg)'),
    column('customTariff', 'Custom tariff', 'Zolltarifnummer'),
    column('packaging', 'Packaging', 'Verpackung'),
    column('stockQuantity', 'Stock', 'Bestand'),
    column('stockUnit', 'Unit', 'Einheit', true),
    column('description', 'Description', 'Beschreibung'),
    column('supplier', 'Supplier', 'Lieferant'),
    column('deliveryTimeDays', 'Delivery time (work days)', 'Lieferzeit (Arbeitstage)'),
    column('minimumOrderQuantity', 'Minimum order quantity', 'Mindestbestellmenge'),
    column('attributes', 'Attributes', 'Attribute'),
    column('values', 'Values', 'Messwerte'),
  ],
  bom: [
    column('materialNumber', 'Material number', 'Materialnummer', true),
    column('componentNumber', 'Component number', 'Komponentennummer', true),
    column('quantity', 'Quantity', 'Menge', true),
  ],
  stock: [
    column('materialNumber', 'Material number', 'Materialnummer', true),
    column('stockQuantity', 'Stock', 'Bestand', true),
    column('stockUnit', 'Unit', 'Einheit'),
  ],
  orders: [
    column('client', 'Customer', 'Kunde', true),
    column('materialNumber', 'Material number', 'Materialnummer', true),
    column('quantity', 'Quantity', 'Menge', true),
    column('netPrice', 'Net price', 'Nettopreis'),
    column('deliveryDate', 'Delivery date', 'Liefertermin'),
    column('reference', "Customer's order reference", 'Bestellzeichen des Kunden'),
    column('prioritize', 'Prioritize', 'Priorisieren'),
    column('workInProgress', 'Work in progress (WIP)', 'Zwischenlager (WIP)', true),
  ],
  team: [
    column('firstName', 'First name', 'Vorname', true),
    column('lastName', 'Last name', 'Nachname', true),
    column('email', 'Email', 'E-Mail', true),
    column('role', 'Role', 'Rolle', true),
    column('language', 'Language', 'Sprache'),
  ],
};

/** Role labels a team file may carry: only administration users are imported (invited by email, docs/integration.md). */
export const roleLabels = {
  ADMIN: ['Administration user', 'Administration', 'Admin', 'Administrator', 'Verwaltungsbenutzer', 'Verwaltung', 'ADMIN'],
  OPERATOR: ['Operation user', 'Operator', 'Bediener', 'Bedienbenutzer', 'OPERATOR'],
  SUPER_USER: ['Super user', 'Superuser', 'Super-User', 'Hauptbenutzer', 'SUPER_USER'],
} as const;

/** Yes and no as a spreadsheet writes them, in either language. */
export const yesNoLabels = { yes: ['yes', 'y', 'ja', 'j', 'x', '1', 'true', 'wahr'], no: ['', 'no', 'n', 'nein', '0', 'false', 'falsch'] } as const;

/** Type labels a materials file may carry (the export's, in either language, or the API's own value). */
export const materialTypeLabels = {
  en: { product: 'Product', manufacturing_part: 'Manufacturing part', purchasing_part: 'Purchasing part' },
  de: { product: 'Produkt', manufacturing_part: 'Fertigungsteil', purchasing_part: 'Kaufteil' },
} as const;

export const importLimits = {
  /** Bytes of one file (5 MiB: some 20,000 materials). Larger: 413 PAYLOAD_TOO_LARGE. */
  fileBytes: 5 * 1024 * 1024,
  /** Data rows of one file. */
  rows: 20_000,
  fileName: 200,
  /** Errors a dry run or a refusal lists (the rest are counted). */
  listedErrors: 500,
  /** Rows written between two progress reports of the import job (materials: one multi-row insert each). */
  chunk: 2000,
  /** Stock quantity in a stock file: the material's own rule. */
  unit: materialLimits.unit,
} as const;

/** Which header of the file fills which field: the header's text, or null for a field left empty. */
export const importMappingSchema = z.record(z.string().max(60), z.string().max(200).nullable());
export type ImportMapping = z.infer<typeof importMappingSchema>;

/**
 * A file as the import screen sends it: its name, its bytes as base64 (so the server decodes the
 * encoding, UTF-8 or Windows-1252), and the mapping chosen (absent: the company's remembered one,
 * else headers matched by name).
 */
export const importFileSchema = z.object({
  fileName: z.string().trim().min(1, 'validation.required').max(importLimits.fileName),
  content: z.base64({ error: 'imports.validation.fileUnreadable' }).max(Math.ceil((importLimits.fileBytes * 4) / 3) + 4, 'errors.PAYLOAD_TOO_LARGE'),
  mapping: importMappingSchema.optional(),
});
export type ImportFile = z.infer<typeof importFileSchema>;

export const importKindParams = z.object({ kind: z.enum(importKinds) });
export const importLanguageQuery = z.object({ lang: z.enum(['en', 'de']).default('en') });
