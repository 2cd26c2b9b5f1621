import { z } from 'zod';
import { importKinds } from './imports.schema.js';

/** A problem of one row: the file's line, the header of its column (null: the row as a whole), a locale key and its values. */
export const importRowErrorSchema = z.object({
  line: z.number().int(),
  column: z.string().nullable(),
  field: z.string().nullable(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** What became of one data row: created or updated (with the record's name), or refused with its errors. */
export const importRowResultSchema = z.object({
  line: z.number().int(),
  status: z.enum(['created', 'updated', 'error']),
  label: z.string(),
  errors: z.array(importRowErrorSchema),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;

/** How the file was read: its encoding, separator, headers and the mapping used (field -> header). */
export const importReadingSchema = z.object({
  encoding: z.enum(['utf-8', 'windows-1252']),
  separator: z.enum([';', ',']),
  headers: z.array(z.string()),
  mapping: z.record(z.string(), z.string().nullable()),
});

/** `POST /api/imports/{kind}/dry-run`: each row's result as the import would have it; nothing written. */
export const importDryRunSchema = importReadingSchema.extend({
  kind: z.enum(importKinds),
  rows: z.array(importRowResultSchema),
  /** Rows with errors (the whole file is refused if any). */
  errorCount: z.number().int(),
  okCount: z.number().int(),
});
export type ImportDryRun = z.infer<typeof importDryRunSchema>;

export const importStatuses = ['PENDING', 'RUNNING', 'DONE', 'FAILED'] as const;

/** One import: its progress while it runs, its outcome, and where its report is. */
export const importViewSchema = z.object({
  id: z.string(),
  kind: z.enum(importKinds),
  fileName: z.string(),
  status: z.enum(importStatuses),
  /** 0-100. */
  progress: z.number().int(),
  rowCount: z.number().int(),
  errorCount: z.number().int().nullable(),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Same-origin path of the report (CSV, fetch with the token) once finished. */
  reportPath: z.string().nullable(),
});
export type ImportView = z.infer<typeof importViewSchema>;

/** The mapping remembered for a kind (empty: headers are matched by name). */
export const importMappingViewSchema = z.object({ kind: z.enum(importKinds), mapping: z.record(z.string(), z.string().nullable()) });
