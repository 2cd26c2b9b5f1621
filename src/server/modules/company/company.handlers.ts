import { bytesToGb, changedTerms, logoTypeOf, trialHasEnded } from '../../../domain/company/company.rules.js';
import { COMPANY_STREAM_TYPE, companyStreamId, type CompanyEvent, type PlatformEvent } from '../../../domain/company/company.events.js';
import type { BasicSettings, CustomerAccountUpdate, ReferralSource } from '../../../domain/company/company.schema.js';
import type { CompanySettingsView, CustomerAccountDetail, CustomerAccountRow } from '../../../domain/company/company.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import type { Config } from '../../platform/config.js';
import { withSystem, withTenant, type Db, type Tx } from '../../platform/db.js';
import type { EventMetadata, EventStore } from '../../platform/event-store.js';
import { forgetDevMail } from '../../platform/mailer.js';
import { bytesUnder, companyDir, removeCompanyFiles, writeLogo } from './company.files.js';
import {
  customerPage,
  deleteCompanyRows,
  findCompany,
  insertCompany,
  setBasicSettings,
  setLogo,
  setReferralSource,
  setTerms,
  type CompanyRow,
  type NewCompany,
} from './company.queries.js';

/** What the company handlers work with. */
export interface CompanyDeps {
  db: Db;
  eventStore: EventStore;
  config: Pick<Config, 'dataDir'>;
}

/** The platform stream that outlives deleted customers. */
const CUSTOMER_ACCOUNTS_STREAM = 'customer-accounts';

const notFound = () => new DomainError('COMPANY_ACCOUNT_NOT_FOUND');

async function appendCompanyEvent(tx: Tx, eventStore: EventStore, companyId: string, event: CompanyEvent, metadata: EventMetadata) {
  await eventStore.append(tx, {
    companyId,
    streamId: companyStreamId(companyId),
    streamType: COMPANY_STREAM_TYPE,
    expectedVersion: 'any',
    events: [event],
    metadata,
  });
}

/** Appends a platform fact (no company): it survives the deletion of any customer. */
export async function appendPlatformEvent(tx: Tx, eventStore: EventStore, event: PlatformEvent, metadata: EventMetadata = {}) {
  await eventStore.append(tx, {
    companyId: null,
    streamId: CUSTOMER_ACCOUNTS_STREAM,
    streamType: 'platform',
    expectedVersion: 'any',
    events: [event],
    metadata,
  });
}

/**
 * Opens a customer account inside the caller's transaction (the sign-up or the demo seed run it
 * as the new tenant, together with the super user).
 */
export async function openCompanyAccount(tx: Tx, eventStore: EventStore, company: NewCompany, metadata: EventMetadata): Promise<CompanyRow> {
  const row = await insertCompany(tx, company);
  await appendCompanyEvent(
    tx,
    eventStore,
    row.id,
    {
      type: 'CompanyAccountOpened',
      data: {
        companyId: row.id,
        companyName: row.company_name,
        code: row.code,
        plan: row.plan,
        trialEndsAt: row.trial_ends_at?.toISOString() ?? null,
      },
    },
    metadata,
  );
  return row;
}

export const logoPath = (row: CompanyRow) =>
  row.logo_file ? { filePath: `/api/company-account/logo?v=${row.logo_updated_at?.getTime() ?? 0}` } : null;

export function settingsView(row: CompanyRow, now: Date): CompanySettingsView {
  const terms = { plan: row.plan, trialEndsAt: row.trial_ends_at };
  return {
    ...row.basic_settings,
    companyName: row.company_name,
    id: row.id,
    code: row.code,
    referralSource: row.referral_source,
    logo: logoPath(row),
    account: { plan: row.plan, trialEndsAt: row.trial_ends_at?.toISOString() ?? null, readOnly: trialHasEnded(terms, now) },
  };
}

function customerRow(row: CompanyRow, storageBytes: number): CustomerAccountRow {
  const ownerName = [row.owner_first_name, row.owner_last_name].filter(Boolean).join(' ');
  return {
    id: row.id,
    companyName: row.company_name,
    superUser: ownerName || null,
    email: row.owner_email,
    registeredAt: row.created_at.toISOString(),
    code: row.code,
    users: row.user_count,
    plan: row.plan,
    trialEndsAt: row.trial_ends_at?.toISOString() ?? null,
    storageGb: bytesToGb(storageBytes),
  };
}

async function customerDetail(deps: CompanyDeps, row: CompanyRow, now: Date): Promise<CustomerAccountDetail> {
  return {
    ...customerRow(row, await bytesUnder(companyDir(deps.config.dataDir, row.id))),
    referralSource: row.referral_source,
    readOnly: trialHasEnded({ plan: row.plan, trialEndsAt: row.trial_ends_at }, now),
    basicSettings: { ...row.basic_settings, companyName: row.company_name },
    logo: logoPath(row),
  };
}

export async function companySettings(deps: CompanyDeps, companyId: string, now: Date): Promise<CompanySettingsView> {
  const row = await withTenant(deps.db, companyId, (tx) => findCompany(tx, companyId));
  if (!row) throw notFound();
  return settingsView(row, now);
}

/** The survey after sign-up: only the caller's own company; another id answers as if it did not exist. */
export async function recordReferralSource(
  deps: CompanyDeps,
  ownCompanyId: string,
  companyId: string,
  referralSource: ReferralSource,
  metadata: EventMetadata,
): Promise<void> {
  if (companyId !== ownCompanyId) throw notFound();
  await withTenant(deps.db, ownCompanyId, async (tx) => {
    if (!(await setReferralSource(tx, companyId, referralSource))) throw notFound();
    await appendCompanyEvent(tx, deps.eventStore, companyId, { type: 'ReferralSourceRecorded', data: { companyId, referralSource } }, metadata);
  });
  deps.eventStore.committed();
}

async function saveSettings(tx: Tx, eventStore: EventStore, companyId: string, settings: BasicSettings, metadata: EventMetadata) {
  const row = await setBasicSettings(tx, companyId, settings);
  if (!row) throw notFound();
  await appendCompanyEvent(tx, eventStore, companyId, { type: 'BasicSettingsUpdated', data: { companyId, basicSettings: settings } }, metadata);
  return row;
}

export async function updateBasicSettings(
  deps: CompanyDeps,
  companyId: string,
  settings: BasicSettings,
  metadata: EventMetadata,
  now: Date,
): Promise<CompanySettingsView> {
  const row = await withTenant(deps.db, companyId, (tx) => saveSettings(tx, deps.eventStore, companyId, settings, metadata));
  deps.eventStore.committed();
  return settingsView(row, now);
}

/** Stores a new logo after checking its first bytes; anything but PNG or JPEG is refused. */
export async function replaceLogo(deps: CompanyDeps, companyId: string, bytes: Buffer, metadata: EventMetadata, now: Date) {
  const type = logoTypeOf(bytes);
  if (!type) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', [{ path: 'logo', message: 'validation.logoType' }]);
  const row = await withTenant(deps.db, companyId, (tx) => findCompany(tx, companyId));
  if (!row) throw notFound();
  const fileName = await writeLogo(deps.config.dataDir, companyId, bytes, type);
  await withTenant(deps.db, companyId, async (tx) => {
    await setLogo(tx, companyId, fileName);
    await appendCompanyEvent(tx, deps.eventStore, companyId, { type: 'CompanyLogoReplaced', data: { companyId, contentType: type, bytes: bytes.length } }, metadata);
  });
  deps.eventStore.committed();
  return companySettings(deps, companyId, now);
}

export async function customerAccounts(deps: CompanyDeps, query: { page: number; limit: number; companyName?: string }) {
  const { rows, total } = await withSystem(deps.db, (tx) => customerPage(tx, query));
  const data = await Promise.all(rows.map(async (row) => customerRow(row, await bytesUnder(companyDir(deps.config.dataDir, row.id)))));
  return { data, total, page: query.page, limit: query.limit };
}

export async function customerAccount(deps: CompanyDeps, companyId: string, now: Date): Promise<CustomerAccountDetail> {
  const row = await withSystem(deps.db, (tx) => findCompany(tx, companyId));
  if (!row) throw notFound();
  return customerDetail(deps, row, now);
}

/** The product operator changes the plan, the trial end or the company data of a customer. */
export async function updateCustomerAccount(
  deps: CompanyDeps,
  companyId: string,
  change: CustomerAccountUpdate,
  metadata: EventMetadata,
  now: Date,
): Promise<CustomerAccountDetail> {
  await withTenant(deps.db, companyId, async (tx) => {
    const row = await findCompany(tx, companyId);
    if (!row) throw notFound();
    const terms = changedTerms(
      { plan: row.plan, trialEndsAt: row.trial_ends_at },
      { plan: change.plan, trialEndsAt: change.trialEndsAt == null ? change.trialEndsAt : new Date(change.trialEndsAt) },
    );
    await setTerms(tx, companyId, terms);
    if (change.basicSettings) await saveSettings(tx, deps.eventStore, companyId, change.basicSettings, metadata);
    await appendCompanyEvent(
      tx,
      deps.eventStore,
      companyId,
      {
        type: 'CustomerAccountUpdated',
        data: { companyId, plan: terms.plan, trialEndsAt: terms.trialEndsAt?.toISOString() ?? null, basicSettingsChanged: Boolean(change.basicSettings) },
      },
      metadata,
    );
  });
  deps.eventStore.committed();
  return customerAccount(deps, companyId, now);
}

/**
 * Deletes a customer: its rows in every table with a company (users and sessions included, so its
 * tokens stop working; its streams, events and job ledger rows), the dev mailbox's messages to its
 * users, then its files. A platform event records the deletion.
 */
export async function deleteCustomerAccount(deps: CompanyDeps, companyId: string, metadata: EventMetadata): Promise<void> {
  await withSystem(deps.db, async (tx) => {
    const row = await findCompany(tx, companyId);
    if (!row) throw notFound();
    const users = await tx.selectFrom('users').select('email').where('company_id', '=', companyId).execute();
    const addresses = [row.owner_email, ...users.map((user) => user.email)].filter((email): email is string => !!email);
    await forgetDevMail(tx, addresses);
    await deleteCompanyRows(tx, companyId);
    await appendPlatformEvent(tx, deps.eventStore, { type: 'CustomerAccountDeleted', data: { companyId, companyName: row.company_name, code: row.code } }, metadata);
  });
  await removeCompanyFiles(deps.config.dataDir, companyId);
  deps.eventStore.committed();
}

/** The write check of the trial: a company whose trial has ended reads but does not write; the operator always may. */
export function trialWriteCheck(db: Db) {
  return async (principal: { role: string; companyId: string | null }) => {
    if (principal.role === 'MASTER' || !principal.companyId) return;
    const companyId = principal.companyId;
    const row = await withTenant(db, companyId, (tx) => findCompany(tx, companyId));
    if (row && trialHasEnded({ plan: row.plan, trialEndsAt: row.trial_ends_at }, new Date())) throw new DomainError('TRIAL_EXPIRED');
  };
}
