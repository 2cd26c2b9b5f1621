import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { importFile } from '../src/server/modules/imports/index.js';
import { provisionCompany } from '../src/server/modules/identity/index.js';
import { systemClock } from '../src/server/platform/clock.js';
import { withTenant } from '../src/server/platform/db.js';
import { createEventStore } from '../src/server/platform/event-store.js';
import { registerInlineProjections } from '../src/server/projections.js';
import type { BenchContext, BenchRow } from './harness.js';

export const name = 'import';
export const description =
  'A CSV file of 10,000 materials imported (read, every row checked by the form schema, written with its MaterialCreated events in one transaction) against a plain multi-row INSERT of the same rows into the same tables, in one run (issue 31)';

const materials = 10_000;
const rounds = 3;
const target = 1.5;
const chunk = 2000;
const now = () => Number(process.hrtime.bigint()) / 1e6;

/** The file: German headers, `;`, a product or purchasing part per row with a price, weight, stock and a description. */
function csvFile(round: number): string {
  const lines = ['Art;Name;Materialnummer;Nettopreis;MwSt. %;Gewicht (kg);Bestand;Einheit;Beschreibung;Lieferant'];
  for (let index = 0; index < materials; index++) {
    const part = index % 2 === 0;
    lines.push(
      [
        part ? 'Kaufteil' : 'Produkt',
        `Teil ${round}-${index}`,
        `M-${round}-${index}`,
        '12,50',
        '19',
        '0,25',
        '100',
        'Stk',
        'Aus der Tabelle',
        part ? 'Würth' : '',
      ].join(';'),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The baseline: the rows the import writes (materials, their streams and events, the costing's material rows), as plain multi-row INSERTs in one transaction. */
async function plainInsert(context: BenchContext, companyId: string, round: number): Promise<number> {
  const at = new Date();
  const rows = Array.from({ length: materials }, (_, index) => {
    const part = index % 2 === 0;
    return {
      id: randomUUID(),
      company_id: companyId,
      type: part ? ('purchasing_part' as const) : ('product' as const),
      name: `Plain ${round}-${index}`,
      material_number: `P-${round}-${index}`,
      net_price: 12.5,
      vat: 19,
      weight: 0.25,
      custom_tariff: '',
      description: 'Aus der Tabelle',
      packaging: '',
      stock_quantity: 100,
      stock_unit: 'Stk',
      attributes: '[]',
      measured_values: '[]',
      manufacturing_steps: '[]',
      purchasing: part ? JSON.stringify({ supplier: 'Würth', deliveryTimeDays: null, minimumOrderQuantity: null, comment: '' }) : null,
      version: 1,
      created_at: at,
      updated_at: at,
    };
  });
  const started = now();
  await withTenant(context.database.db, companyId, async (tx) => {
    for (let start = 0; start < rows.length; start += chunk) {
      const part = rows.slice(start, start + chunk);
      await tx.insertInto('materials').values(part).execute();
      await tx
        .insertInto('streams')
        .values(part.map((row) => ({ stream_id: `material-${row.id}`, company_id: companyId, stream_type: 'material', version: 1 })))
        .execute();
      await tx
        .insertInto('events')
        .values(
          part.map((row) => ({
            company_id: companyId,
            stream_id: `material-${row.id}`,
            stream_type: 'material',
            stream_version: 1,
            type: 'MaterialCreated',
            data: JSON.stringify({ material: row }),
            metadata: '{}',
          })),
        )
        .execute();
      await tx
        .insertInto('costing_materials')
        .values(
          part.map((row) => ({
            material_id: row.id,
            company_id: companyId,
            name: row.name,
            material_number: row.material_number,
            components: '[]',
            steps: '[]',
          })),
        )
        .execute();
    }
  });
  return now() - started;
}

export async function run(context: BenchContext): Promise<BenchRow[]> {
  const eventStore = createEventStore();
  registerInlineProjections(eventStore);
  const deps = { db: context.database.db, eventStore, clock: systemClock, sealKey: randomBytes(32) };
  const { companyId, userIds } = await provisionCompany(deps, {
    companyName: 'Bench Import',
    plan: 'standard',
    trialEndsAt: null,
    users: [
      { role: 'SUPER_USER', firstName: 'Ida', lastName: 'Import', email: `import-${randomUUID().slice(0, 8)}@bench.example.com`, password: 'Bench#Import2026' },
    ],
  });
  const scope = { companyId, actor: { userId: userIds[0], role: 'SUPER_USER' as const }, metadata: { userId: userIds[0], role: 'SUPER_USER' } };
  const importMs: number[] = [];
  const plainMs: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const bytes = new TextEncoder().encode(csvFile(round));
    const started = now();
    const results = await importFile(deps, scope, { kind: 'materials', bytes, mapping: {} });
    const imported = now() - started;
    if (results.length !== materials || results.some((result) => result.status !== 'created')) throw new Error('the import did not create every row');
    const plain = await plainInsert(context, companyId, round);
    importMs.push(imported);
    plainMs.push(plain);
    ratios.push(imported / plain);
    context.log(`round ${round + 1}: import ${imported.toFixed(0)} ms, plain INSERT ${plain.toFixed(0)} ms, ratio ${(imported / plain).toFixed(2)}`);
  }
  const count = await withTenant(
    context.database.db,
    companyId,
    async (tx) => (await sql<{ n: string }>`select count(*) as n from materials`.execute(tx)).rows[0].n,
  );
  if (Number(count) !== 2 * rounds * materials) throw new Error(`expected ${2 * rounds * materials} materials, found ${count}`);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const ratio = median(ratios);
  return [
    {
      case: `import ${materials.toLocaleString('en')} materials from CSV`,
      value: Math.round(median(importMs)),
      unit: 'ms (median of rounds)',
      baseline: { label: 'plain multi-row INSERT of the same rows (materials, streams, events, costing_materials)', value: Math.round(median(plainMs)) },
      ratio: Number(ratio.toFixed(2)),
      target: `ratio <= ${target}`,
      met: ratio <= target,
    },
  ];
}
