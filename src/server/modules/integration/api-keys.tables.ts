import type { ColumnType, Selectable } from 'kysely';
import type { ApiKeyScope } from '../../../domain/integration/api-keys.schema.js';

/** One API key of a company; the secret only as its SHA-256. */
export interface ApiKeysTable {
  id: string;
  company_id: string;
  name: string;
  prefix: string;
  secret_hash: string;
  scopes: ColumnType<ApiKeyScope[], string, string>;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;

declare module '../../platform/db.js' {
  interface Tables {
    api_keys: ApiKeysTable;
  }
}
