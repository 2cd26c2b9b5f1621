import { randomUUID } from 'node:crypto';
import { IMPORT_STREAM_TYPE, importStreamId, type ImportEvent } from '../../../domain/imports/imports.events.js';
import {
  bomLineOfRow,
  isGermanHeader,
  mappingFor,
  materialOfRow,
  orderErrorsOf,
  orderFieldOfPath,
  orderRowOf,
  stockOfRow,
  teamMemberOfRow,
  type FieldError,
} from '../../../domain/imports/imports.rules.js';
import { orderAddressOfClient } from '../../../domain/clients/clients.schema.js';
import type { createAdminUserSchema } from '../../../domain/identity/identity.schema.js';
import { orderFormSchema, type OrderForm } from '../../../domain/orders/order.schema.js';
import { importColumns, importLimits, type ImportFile, type ImportKind, type ImportMapping } from '../../../domain/imports/imports.schema.js';
import type { ImportDryRun, ImportRowError, ImportRowResult, ImportView } from '../../../domain/imports/imports.views.js';
import { materialUpdateSchema, type ValidMaterial } from '../../../domain/materials/materials.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { issueToDetail } from '../../../domain/shared/validation.js';
import { recordEvents, type CommandContext } from '../../platform/command.js';
import { withSystem, type Db, type Executor } from '../../platform/db.js';
import { clientsByName } from '../clients/index.js';
import { inviteAdministrationUser, loginNameTaken } from '../identity/index.js';
import { createMaterials, getMaterial, materialIdsByNumber, updateMaterial } from '../materials/index.js';
import { createOrder } from '../orders/index.js';
import type { z } from 'zod';
import { cellsByField, readCsvFile, type ReadFile } from './imports.csv.js';
import { importViewOf, rememberedMapping } from './imports.queries.js';

/** A file read and mapped: how it was read, and each data row's cells by field. */
export interface PreparedImport {
  kind: ImportKind;
  reading: Pick<ReadFile, 'encoding' | 'separator' | 'headers'> & { mapping: Record<string, string | null> };
  rows: { line: number; cells: Record<string, string | undefined> }[];
}

/** The file's bytes from the request's base64, refused over the size limit (413). */
export function bytesOf(file: Pick<ImportFile, 'content'>): Uint8Array {
  const bytes = Buffer.from(file.content, 'base64');
  if (bytes.length > importLimits.fileBytes) throw new DomainError('PAYLOAD_TOO_LARGE');
  return bytes;
}

/** Reads a file and maps its headers: as chosen, else as remembered for the kind, else by name. */
export async function prepareImport(db: Executor, kind: ImportKind, bytes: Uint8Array, chosen?: ImportMapping): Promise<PreparedImport> {
  const file = readCsvFile(bytes, importLimits.rows);
  const mapping = mappingFor(kind, file.headers, chosen, await rememberedMapping(db, kind));
  const byField = cellsByField(file.headers, mapping);
  return {
    kind,
    reading: { encoding: file.encoding, separator: file.separator, headers: file.headers, mapping },
    rows: file.rows.map((row) => ({ line: row.line, cells: byField(row.cells) })),
  };
}

/** What a checked file writes: new materials, or changes of existing ones by id, orders, invitations (each with the lines it came from). */
type WritePlan =
  | { kind: 'materials'; materials: { line: number; material: ValidMaterial }[] }
  | { kind: 'stock'; changes: { line: number; materialId: string; quantity: number; unit: string | null }[] }
  | { kind: 'bom'; parents: { materialId: string; lines: { line: number; componentId: string; quantity: number }[] }[] }
  | { kind: 'orders'; orders: { line: number; form: OrderForm }[] }
  | { kind: 'team'; members: { line: number; member: z.output<typeof createAdminUserSchema> }[] };

/**
 * What an import needs beyond its transaction: the database (whether an email is taken by a user of
 * any company is a question for the whole product) and the key that seals invitation links into events.
 */
export interface ImportEnv {
  db: Db;
  sealKey: Buffer;
}

/** Told after each chunk of rows written: how many of how many. */
export type ImportProgress = (done: number, total: number) => Promise<void>;

interface Checked {
  results: ImportRowResult[];
  plan: WritePlan;
}

/** An import refused: every row's result, the failing ones with their errors. Rolls the transaction back. */
export class ImportRefused extends Error {
  constructor(readonly results: ImportRowResult[]) {
    super('The import was refused: rows are not valid.');
  }
}

const columnOf = (prepared: PreparedImport, field: string | null): string | null => {
  if (field === null) return null;
  const header = prepared.reading.mapping[field];
  if (header) return header;
  const column = importColumns[prepared.kind].find((known) => known.field === field);
  if (!column) return field;
  return isGermanHeader(prepared.kind, prepared.reading.headers) ? column.de : column.en;
};

function rowErrors(prepared: PreparedImport, line: number, errors: readonly FieldError[]): ImportRowError[] {
  return errors.map((error) => ({ line, column: columnOf(prepared, error.field), field: error.field, message: error.message, params: error.params }));
}

const resultOf = (prepared: PreparedImport, line: number, label: string, errors: readonly FieldError[], status: 'created' | 'updated'): ImportRowResult => ({
  line,
  label,
  status: errors.length > 0 ? 'error' : status,
  errors: rowErrors(prepared, line, errors),
});

const unknownMaterial = (field: string, materialNumber: string): FieldError => ({
  field,
  message: 'imports.validation.unknownMaterial',
  params: { materialNumber },
});

/** Checks every row by the rules of the form (and the materials its numbers name), without writing. */
export async function checkRows(tx: Executor, prepared: PreparedImport, env: Pick<ImportEnv, 'db'>): Promise<Checked> {
  const { kind, rows } = prepared;
  if (kind === 'orders') return checkOrderRows(tx, prepared);
  if (kind === 'team') return checkTeamRows(env.db, prepared);
  if (kind === 'materials') {
    const checked = rows.map((row) => ({ row, outcome: materialOfRow(row.cells) }));
    return {
      results: checked.map(({ row, outcome }) => resultOf(prepared, row.line, row.cells.name ?? '', 'errors' in outcome ? outcome.errors : [], 'created')),
      plan: { kind, materials: checked.flatMap(({ row, outcome }) => ('material' in outcome ? [{ line: row.line, material: outcome.material }] : [])) },
    };
  }
  if (kind === 'stock') {
    const checked = rows.map((row) => ({ row, outcome: stockOfRow(row.cells) }));
    const ids = await materialIdsByNumber(
      tx,
      checked.flatMap(({ outcome }) => ('errors' in outcome ? [] : [outcome.materialNumber])),
    );
    const results: ImportRowResult[] = [];
    const changes: Extract<WritePlan, { kind: 'stock' }>['changes'] = [];
    for (const { row, outcome } of checked) {
      const materialId = 'errors' in outcome ? undefined : ids.get(outcome.materialNumber.toLowerCase());
      const errors = 'errors' in outcome ? outcome.errors : materialId ? [] : [unknownMaterial('materialNumber', outcome.materialNumber)];
      results.push(resultOf(prepared, row.line, row.cells.materialNumber ?? '', errors, 'updated'));
      if (materialId && !('errors' in outcome)) changes.push({ line: row.line, materialId, quantity: outcome.quantity, unit: outcome.unit });
    }
    return { results, plan: { kind, changes } };
  }
  const checked = rows.map((row) => ({ row, outcome: bomLineOfRow(row.cells) }));
  const ids = await materialIdsByNumber(
    tx,
    checked.flatMap(({ outcome }) => ('errors' in outcome ? [] : [outcome.materialNumber, outcome.componentNumber])),
  );
  const results: ImportRowResult[] = [];
  const parents = new Map<string, { line: number; componentId: string; quantity: number }[]>();
  for (const { row, outcome } of checked) {
    if ('errors' in outcome) {
      results.push(resultOf(prepared, row.line, row.cells.materialNumber ?? '', outcome.errors, 'updated'));
      continue;
    }
    const parentId = ids.get(outcome.materialNumber.toLowerCase());
    const componentId = ids.get(outcome.componentNumber.toLowerCase());
    const errors = [
      ...(parentId ? [] : [unknownMaterial('materialNumber', outcome.materialNumber)]),
      ...(componentId ? [] : [unknownMaterial('componentNumber', outcome.componentNumber)]),
    ];
    results.push(resultOf(prepared, row.line, outcome.materialNumber, errors, 'updated'));
    if (parentId && componentId) parents.set(parentId, [...(parents.get(parentId) ?? []), { line: row.line, componentId, quantity: outcome.quantity }]);
  }
  return { results, plan: { kind, parents: [...parents].map(([materialId, lines]) => ({ materialId, lines })) } };
}

/**
 * Rows of a customer orders file: each cell by the position's rules, the client by name and the
 * material by number as their modules know them, then the whole order by the order form's schema
 * (the client's address fills the order's, the material's net price the position's when none is given).
 */
async function checkOrderRows(tx: Executor, prepared: PreparedImport): Promise<Checked> {
  const checked = prepared.rows.map((row) => ({ row, outcome: orderRowOf(row.cells) }));
  const valid = checked.flatMap(({ outcome }) => ('errors' in outcome ? [] : [outcome]));
  const ids = await materialIdsByNumber(
    tx,
    valid.map((order) => order.materialNumber),
  );
  const clients = await clientsByName(
    tx,
    valid.map((order) => order.client),
  );
  const prices = new Map<string, number | null>();
  for (const id of new Set(ids.values())) prices.set(id, (await getMaterial(tx, id)).netPrice);
  const results: ImportRowResult[] = [];
  const orders: Extract<WritePlan, { kind: 'orders' }>['orders'] = [];
  for (const { row, outcome } of checked) {
    const label = [row.cells.client, row.cells.materialNumber].filter(Boolean).join(' · ');
    if ('errors' in outcome) {
      results.push(resultOf(prepared, row.line, label, outcome.errors, 'created'));
      continue;
    }
    const materialId = ids.get(outcome.materialNumber.toLowerCase());
    const client = clients.get(outcome.client.toLowerCase());
    const lookups: FieldError[] = [
      ...(client ? [] : [{ field: 'client', message: 'imports.validation.unknownClient', params: { name: outcome.client } }]),
      ...(materialId ? [] : [unknownMaterial('materialNumber', outcome.materialNumber)]),
    ];
    if (!client || !materialId) {
      results.push(resultOf(prepared, row.line, label, lookups, 'created'));
      continue;
    }
    const parsed = orderFormSchema.safeParse({
      ...orderAddressOfClient(client),
      clientId: client.id,
      prioritize: outcome.prioritize,
      deliveryDate: outcome.deliveryDate,
      comment: outcome.reference,
      workInProgress: outcome.workInProgress,
      positions: [{ materialId, quantity: outcome.quantity, netPrice: outcome.netPrice ?? prices.get(materialId) ?? undefined }],
    });
    results.push(resultOf(prepared, row.line, label, parsed.success ? [] : orderErrorsOf(parsed.error), 'created'));
    if (parsed.success) orders.push({ line: row.line, form: parsed.data });
  }
  return { results, plan: { kind: 'orders', orders } };
}

/**
 * Rows of a team file: each an administration user by the invitation form's schema, the email free
 * in the whole product (as the form checks it) and not twice in the file.
 */
async function checkTeamRows(db: Db, prepared: PreparedImport): Promise<Checked> {
  const checked = prepared.rows.map((row) => ({ row, outcome: teamMemberOfRow(row.cells) }));
  const results: ImportRowResult[] = [];
  const members: Extract<WritePlan, { kind: 'team' }>['members'] = [];
  const firstLineOf = new Map<string, number>();
  await withSystem(db, async (system) => {
    for (const { row, outcome } of checked) {
      const label = [row.cells.firstName, row.cells.lastName].filter(Boolean).join(' ');
      if ('errors' in outcome) {
        results.push(resultOf(prepared, row.line, label, outcome.errors, 'created'));
        continue;
      }
      const email = outcome.member.email.toLowerCase();
      const first = firstLineOf.get(email);
      const errors: FieldError[] =
        first !== undefined
          ? [{ field: 'email', message: 'imports.validation.duplicateEmail', params: { line: first } }]
          : (await loginNameTaken(system, { email }))
            ? [{ field: 'email', message: 'errors.USER_ALREADY_EXISTS' }]
            : [];
      if (first === undefined) firstLineOf.set(email, row.line);
      results.push(resultOf(prepared, row.line, label, errors, 'created'));
      if (errors.length === 0) members.push({ line: row.line, member: outcome.member });
    }
  });
  return { results, plan: { kind: 'team', members } };
}

/** A command's refusal as a row's errors, each on the field its path points at. */
const errorsOfRefusal = (error: DomainError, fieldOf: (path: string) => string | null): FieldError[] =>
  (error.details.length ? error.details : [{ path: '', message: `errors.${error.code}` }]).map((detail) => ({
    field: detail.path ? fieldOf(detail.path) : null,
    message: detail.message,
    params: detail.params,
  }));

/** Runs a row's command; its refusal (a `DomainError`) becomes the row's errors. */
async function refusalOf(work: () => Promise<unknown>, fieldOf: (path: string) => string | null): Promise<FieldError[] | undefined> {
  try {
    await work();
    return undefined;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return errorsOfRefusal(error, fieldOf);
  }
}

/** A refusal of the write step at some lines: the other rows keep their result, these get the errors. */
function refuseAt(prepared: PreparedImport, results: ImportRowResult[], errorsByLine: Map<number, FieldError[]>): never {
  throw new ImportRefused(
    results.map((result) => {
      const errors = errorsByLine.get(result.line);
      return errors ? { ...result, status: 'error', errors: rowErrors(prepared, result.line, errors) } : result;
    }),
  );
}

/** The field of an edit's refusal on a line of a stock or bill of materials file. */
const fieldOfDetail = (path: string, kind: 'stock' | 'bom'): string | null =>
  kind === 'stock' ? (path.startsWith('stock.') ? 'stockQuantity' : null) : path.startsWith('components') ? 'componentNumber' : null;

/**
 * Applies an edit of an existing material through the materials' own update (the form's schema,
 * the bill of materials checks, the event): a refusal becomes the errors of the lines it came from.
 */
async function editMaterial(
  ctx: CommandContext,
  materialId: string,
  change: (material: Awaited<ReturnType<typeof getMaterial>>) => object,
  refusal: { kind: 'stock' | 'bom'; lines: number[]; lineOfDetail?: (path: string) => number | undefined },
): Promise<Map<number, FieldError[]> | undefined> {
  const material = await getMaterial(ctx.tx, materialId);
  const parsed = materialUpdateSchema.safeParse({ ...material, ...change(material), version: material.version });
  const refused = (details: { path: string; message: string; params?: Record<string, string | number> }[]) => {
    const byLine = new Map<number, FieldError[]>();
    for (const detail of details) {
      const line = refusal.lineOfDetail?.(detail.path) ?? refusal.lines[0];
      byLine.set(line, [...(byLine.get(line) ?? []), { field: fieldOfDetail(detail.path, refusal.kind), message: detail.message, params: detail.params }]);
    }
    return byLine;
  };
  if (!parsed.success) return refused(parsed.error.issues.map(issueToDetail));
  try {
    await updateMaterial(ctx, materialId, parsed.data);
    return undefined;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return refused(error.details.length ? error.details : [{ path: '', message: `errors.${error.code}` }]);
  }
}

/** The options of a write: the invitations' key, and who to tell of the progress. */
export interface WriteOptions {
  sealKey: Buffer;
  onProgress?: ImportProgress;
}

/** Runs `write` on the items in chunks of `importLimits.chunk`, telling `onProgress` after each. */
async function inChunks<T>(items: readonly T[], onProgress: ImportProgress | undefined, write: (chunk: readonly T[]) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += importLimits.chunk) {
    const chunk = items.slice(start, start + importLimits.chunk);
    await write(chunk);
    await onProgress?.(start + chunk.length, items.length);
  }
}

/**
 * Writes a checked file through the owning modules' commands, all in the caller's transaction: new
 * materials in bulk creates (one per chunk), stock and bills of materials as edits, orders through
 * the order form's command, team members as the invitation form's invitations. Any refusal rolls it
 * all back. `onProgress` hears after each chunk of rows.
 */
export async function writeRows(ctx: CommandContext, prepared: PreparedImport, checked: Checked, options: WriteOptions): Promise<void> {
  const { plan, results } = checked;
  const { onProgress } = options;
  if (plan.kind === 'materials') {
    await inChunks(plan.materials, onProgress, async (chunk) => {
      await createMaterials(
        ctx,
        chunk.map(({ material }) => ({ id: randomUUID(), input: material })),
      );
    });
    return;
  }
  const refusals = new Map<number, FieldError[]>();
  if (plan.kind === 'stock') {
    await inChunks(plan.changes, onProgress, async (chunk) => {
      for (const change of chunk) {
        const refused = await editMaterial(
          ctx,
          change.materialId,
          (material) => ({ stock: { quantity: change.quantity, unit: change.unit ?? material.stock.unit } }),
          { kind: 'stock', lines: [change.line] },
        );
        refused?.forEach((errors, line) => refusals.set(line, errors));
      }
    });
  } else if (plan.kind === 'bom') {
    await inChunks(plan.parents, onProgress, async (chunk) => {
      for (const parent of chunk) {
        const lines = parent.lines.map((line) => line.line);
        const refused = await editMaterial(
          ctx,
          parent.materialId,
          () => ({ components: parent.lines.map((line) => ({ materialId: line.componentId, quantity: line.quantity })) }),
          { kind: 'bom', lines, lineOfDetail: (path) => lines[Number(/^components\.(\d+)/.exec(path)?.[1] ?? 0)] },
        );
        refused?.forEach((errors, line) => refusals.set(line, errors));
      }
    });
  } else if (plan.kind === 'orders') {
    await inChunks(plan.orders, onProgress, async (chunk) => {
      for (const order of chunk) {
        const refused = await refusalOf(() => createOrder(ctx, 'customer', order.form), orderFieldOfPath);
        if (refused) refusals.set(order.line, refused);
      }
    });
  } else {
    await inChunks(plan.members, onProgress, async (chunk) => {
      for (const { line, member } of chunk) {
        const refused = await refusalOf(
          () => inviteAdministrationUser(ctx, { sealKey: options.sealKey }, member),
          (path) => (path === 'email' ? 'email' : null),
        );
        if (refused) refusals.set(line, refused);
        // An email taken meanwhile is a unique violation: the transaction cannot go on.
        if (refused?.some((error) => error.message === 'errors.USER_ALREADY_EXISTS')) refuseAt(prepared, results, refusals);
      }
    });
  }
  if (refusals.size > 0) refuseAt(prepared, results, refusals);
}

/** The answer of a dry run from the rows' results. */
export function dryRunOf(prepared: PreparedImport, results: ImportRowResult[]): ImportDryRun {
  const errorCount = results.filter((result) => result.status === 'error').length;
  return { kind: prepared.kind, ...prepared.reading, rows: results, errorCount, okCount: results.length - errorCount };
}

/** Thrown to roll back a dry run's writes, carrying its answer out of the transaction. */
class DryRunDone extends Error {
  constructor(readonly answer: ImportDryRun) {
    super('dry run done');
  }
}

/**
 * A dry run: the file checked and written exactly as the import would write it, in a transaction
 * that is then rolled back. So the dry run answers what the import will do, row by row.
 */
export async function dryRun(ctx: CommandContext, env: ImportEnv, kind: ImportKind, file: ImportFile): Promise<never> {
  const prepared = await prepareImport(ctx.tx, kind, bytesOf(file), file.mapping);
  const checked = await checkRows(ctx.tx, prepared, env);
  let results = checked.results;
  if (results.every((result) => result.status !== 'error')) {
    try {
      await writeRows(ctx, prepared, checked, { sealKey: env.sealKey });
    } catch (error) {
      if (!(error instanceof ImportRefused)) throw error;
      results = error.results;
    }
  }
  throw new DryRunDone(dryRunOf(prepared, results));
}

/** Runs `work` (a dry run) and answers what it carried out of its rolled-back transaction. */
export async function answerOfDryRun(work: () => Promise<unknown>): Promise<ImportDryRun> {
  try {
    await work();
  } catch (error) {
    if (error instanceof DryRunDone) return error.answer;
    throw error;
  }
  throw new Error('A dry run ends by rolling back');
}

/** The refusal of a file with invalid rows: each error with its line and column. */
export function invalidRows(results: readonly ImportRowResult[]): DomainError {
  const errors = results.flatMap((result) => result.errors);
  return new DomainError(
    'IMPORT_ROWS_INVALID',
    errors.slice(0, importLimits.listedErrors).map((error) => ({
      path: `line.${error.line}${error.field ? `.${error.field}` : ''}`,
      message: error.message,
      params: { ...error.params, line: error.line, column: error.column ?? '' },
    })),
    `Rows of the file are not valid (first at line ${errors[0]?.line}): nothing was imported.`,
  );
}

const record = (ctx: CommandContext, importId: string, event: ImportEvent) =>
  recordEvents(ctx, { id: importStreamId(importId), type: IMPORT_STREAM_TYPE }, [event]);

/**
 * Starts an import: the file is read and checked at once (invalid rows: 400 with each line and
 * column, nothing kept), then kept with its mapping, the mapping remembered for the kind, and
 * `ImportRequested` recorded, which the dispatcher turns into the import job.
 */
export async function startImport(ctx: CommandContext, env: Pick<ImportEnv, 'db'>, kind: ImportKind, file: ImportFile): Promise<ImportView> {
  const bytes = bytesOf(file);
  const prepared = await prepareImport(ctx.tx, kind, bytes, file.mapping);
  const { results } = await checkRows(ctx.tx, prepared, env);
  if (results.some((result) => result.status === 'error')) throw invalidRows(results);
  const importId = randomUUID();
  const userId = ctx.actor?.userId ?? '';
  const text = new TextDecoder(prepared.reading.encoding).decode(bytes);
  const row = await ctx.tx
    .insertInto('imports')
    .values({
      id: importId,
      company_id: ctx.companyId,
      kind,
      file_name: file.fileName,
      content: text,
      mapping: JSON.stringify(prepared.reading.mapping),
      metadata: JSON.stringify(ctx.metadata),
      status: 'PENDING',
      row_count: prepared.rows.length,
      requested_by: userId,
      requested_at: ctx.now,
    })
    .returning(['id', 'kind', 'file_name', 'status', 'progress', 'row_count', 'report', 'requested_at', 'finished_at'])
    .executeTakeFirstOrThrow();
  await rememberMapping(ctx, kind, prepared.reading.mapping);
  await record(ctx, importId, {
    type: 'ImportRequested',
    data: { importId, kind, fileName: file.fileName, rows: prepared.rows.length, requestedBy: userId, at: ctx.at },
  });
  return importViewOf(row);
}

/** Keeps a kind's mapping for the company's next file. */
export async function rememberMapping(ctx: CommandContext, kind: ImportKind, mapping: ImportMapping): Promise<void> {
  const values = { mapping: JSON.stringify(mapping), updated_at: ctx.now };
  await ctx.tx
    .insertInto('import_mappings')
    .values({ company_id: ctx.companyId, kind, ...values })
    .onConflict((conflict) => conflict.columns(['company_id', 'kind']).doUpdateSet(values))
    .execute();
}
