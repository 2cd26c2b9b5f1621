import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';

export const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

/**
 * Loads `migrations/*.ts` with this module's own `import()`, so the files load under tsx and
 * under vitest alike (kysely's FileMigrationProvider imports natively, which cannot load .ts).
 */
const folderProvider: MigrationProvider = {
  async getMigrations() {
    const files = (await readdir(migrationsDir)).filter((f) => /^\d{4}-\d{2}-\d{2}-\d{4}-[\w-]+\.ts$/.test(f)).sort();
    const migrations: Record<string, Migration> = {};
    for (const name of files.map((file) => file.replace(/\.ts$/, ''))) {
      // A literal folder and extension in the template: a bundle of the server (scripts/ensure-server-build.mjs) holds every migration.
      migrations[name] = (await import(`../../../migrations/${name}.ts`)) as Migration;
    }
    return migrations;
  },
};

/** Applies every pending migration in `migrations/`, in name order. Throws on the first failure. */
export async function migrateToLatest<Schema>(db: Kysely<Schema>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: folderProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
