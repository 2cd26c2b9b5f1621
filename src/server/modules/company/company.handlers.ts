import {
  bytesToGb,
  changedTerms,
  lowestNextNumber,
  numberingProblems,
  trialEndFrom,
  trialHasEnded,
  type LogoType,
} from '../../../domain/company/company.rules.js';
import { storageQuotaBytes } from '../../../domain/company/company-account.schema.js';
import type { CustomerAccountCreate } from '../../../domain/company/customer-account.schema.js';
import type { DateFormat } from '../../../domain/company/date-format.rules.js';
import { COMPANY_STREAM_TYPE, companyStreamId, type CompanyEvent, type PlatformEvent } from '../../../domain/company/company.events.js';
import {
  companyFunctionsOf,
  favouritesOf,
  type BasicSettings,
  type BasicSettingsUpdate,
  type CompanyFunctions,
  type CustomerAccountUpdate,
  type ReferralSource,
} from '../../../domain/company/company.schema.js';
import type { CompanyDisplayView, CompanySettingsView, CustomerAccountDetail, CustomerAccountRow } from '../../../domain/company/company.views.js';
import { formatOrderNumber } from '../../../domain/company/company.numbering.js';
import { breakSettingOf, settingOf, statutoryBreaks, workingTimeOf, type WorkingTime } from '../../../domain/company/working-time.rules.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { recordEvents, staleCopy, type CommandContext, type CommandDeps } from '../../platform/command.js';
import type { Config } from '../../platform/config.js';
import { sql } from 'kysely';
import { withSystem, type Db, type Executor } from '../../platform/db.js';
import { forgetDevMail } from '../../platform/mailer.js';
import type { Ports } from '../../platform/module.js';
import type { ReceivedUpload } from '../../platform/upload-file.js';
import { companyStorageBytes, keepLogo, removeCompanyFiles, type RecordedFolder, type StorageLayout } from './company.files.js';
import { customerPage, findCompany, lastOrderNumberIssued, settingsVersion, type CompanyRow } from './company.queries.js';
import { deleteCompanyRows, insertCompany, setBasicSettings, setLogo, setReferralSource, setTerms, type NewCompany } from './company.records.js';

/** What the company handlers need beyond the command context: where the companies' files live, and the identity module's invitation. */
export interface CompanyDeps {
  config: Pick<Config, 'dataDir' | 'workingTime'>;
  /** The identity module's invitation (port `userInviter`). */
  invite: Ports['userInviter'];
  /** Whether an email already signs in somewhere (port `emailTakenCheck`). */
  emailTaken: Ports['emailTakenCheck'];
  /** The folders other modules count by their records (list port `recordedFolders`). */
  recordedFolders: readonly RecordedFolder[];
}

/** Where the companies' files are and which folders count by their records: what a storage count needs. */
export const storageLayoutOf = (deps: CompanyDeps): StorageLayout => ({ dataDir: deps.config.dataDir, recordedFolders: deps.recordedFolders });

/** The platform stream that outlives deleted customers. */
const CUSTOMER_ACCOUNTS_STREAM = 'customer-accounts';

const notFound = () => new DomainError('COMPANY_ACCOUNT_NOT_FOUND');

/** Records a fact on the company's stream (the context's tenant is that company). */
const recordCompanyEvent = (ctx: CommandContext, companyId: string, event: CompanyEvent) =>
  recordEvents(ctx, { id: companyStreamId(companyId), type: COMPANY_STREAM_TYPE, companyId }, [event]);

/** Records a platform fact (no company): it survives the deletion of any customer. */
export async function appendPlatformEvent(ctx: CommandContext, event: PlatformEvent) {
  await recordEvents(ctx, { id: CUSTOMER_ACCOUNTS_STREAM, type: 'platform', companyId: null }, [event]);
}

/**
 * Opens a customer account in the caller's command (the sign-up or the demo seed run it as the
 * new tenant, together with the super user), registered at the command's moment.
 */
export async function openCompanyAccount(ctx: CommandContext, company: Omit<NewCompany, 'registeredAt'>): Promise<CompanyRow> {
  const row = await insertCompany(ctx.tx, { ...company, registeredAt: ctx.now });
  await recordCompanyEvent(ctx, row.id, {
    type: 'CompanyAccountOpened',
    data: {
      companyId: row.id,
      companyName: row.company_name,
      code: row.code,
      plan: row.plan,
      trialEndsAt: row.trial_ends_at?.toISOString() ?? null,
    },
  });
  return row;
}

/** What settings saved before a field existed read as. */
const settingDefaults = { halfVacationDays: false, suggestionRecipientId: null, mediaOnNewRecord: false, documentLanguage: 'en' } as const;

export const logoPath = (row: CompanyRow) => (row.logo_file ? { filePath: `/api/company-account/logo?v=${row.logo_updated_at?.getTime() ?? 0}` } : null);

/** The number the next order of the company gets: after the last issued, or the company's start if higher. */
const nextOrderCounter = (row: CompanyRow, lastIssued: number) => lowestNextNumber(row.basic_settings.numbering.orderNumber, lastIssued);

/**
 * The working time a company works by: its saved setting (Advanced settings), else `fallback`,
 * the server's `WORKING_TIME` (docs/prediction.md).
 */
export const workingTimeOfRow = (row: Pick<CompanyRow, 'basic_settings'> | undefined, fallback: WorkingTime): WorkingTime =>
  (row?.basic_settings.workingTime && workingTimeOf(row.basic_settings.workingTime)) || fallback;

/** The working time as the settings show it, with the break rule in force (none saved: the statutory minimum). */
const workingTimeSettingOf = (working: WorkingTime) => ({ ...settingOf(working), breaks: breakSettingOf(working.breaks ?? statutoryBreaks) });

export function settingsView(row: CompanyRow, now: Date, version: number, lastIssued: number, defaultWorkingTime: WorkingTime): CompanySettingsView {
  const terms = { plan: row.plan, trialEndsAt: row.trial_ends_at };
  const settings = { ...settingDefaults, ...row.basic_settings };
  const nextOrder = nextOrderCounter(row, lastIssued);
  return {
    ...settings,
    // The counter field starts at the next number to be issued, so saving it unchanged never moves it back.
    numbering: { ...settings.numbering, orderNumber: String(nextOrder) },
    companyName: row.company_name,
    id: row.id,
    version,
    nextOrderNumber: formatOrderNumber(nextOrder, settings.numbering.orderNumberLetters),
    code: row.code,
    referralSource: row.referral_source,
    logo: logoPath(row),
    account: { plan: row.plan, trialEndsAt: row.trial_ends_at?.toISOString() ?? null, readOnly: trialHasEnded(terms, now) },
    favourites: favouritesOf(row.basic_settings.favourites),
    functions: companyFunctionsOf(row.basic_settings.functions),
    workingTime: workingTimeSettingOf(workingTimeOfRow(row, defaultWorkingTime)),
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
    storageQuotaGb: bytesToGb(storageQuotaBytes[row.plan]),
  };
}

async function customerDetail(db: Db, deps: CompanyDeps, row: CompanyRow, now: Date): Promise<CustomerAccountDetail> {
  return {
    ...customerRow(row, await companyStorageBytes(db, storageLayoutOf(deps), row.id)),
    referralSource: row.referral_source,
    readOnly: trialHasEnded({ plan: row.plan, trialEndsAt: row.trial_ends_at }, now),
    basicSettings: { ...settingDefaults, ...row.basic_settings, companyName: row.company_name },
    logo: logoPath(row),
  };
}

export async function companySettings(tx: Executor, deps: Pick<CompanyDeps, 'config'>, companyId: string, now: Date): Promise<CompanySettingsView> {
  const row = await findCompany(tx, companyId);
  if (!row) throw notFound();
  return settingsView(row, now, await settingsVersion(tx, companyId), await lastOrderNumberIssued(tx, companyId), deps.config.workingTime);
}

/** What every user of the company sees of its settings (sidebar logo, date format, read-only after the trial). */
export async function companyDisplay(tx: Executor, companyId: string, now: Date): Promise<CompanyDisplayView> {
  const row = await findCompany(tx, companyId);
  if (!row) throw notFound();
  const readOnly = trialHasEnded({ plan: row.plan, trialEndsAt: row.trial_ends_at }, now);
  return {
    companyName: row.company_name,
    dateFormat: row.basic_settings.dateFormat,
    logo: logoPath(row),
    readOnly,
    favourites: favouritesOf(row.basic_settings.favourites),
    functions: companyFunctionsOf(row.basic_settings.functions),
    mediaOnNewRecord: row.basic_settings.mediaOnNewRecord === true,
  };
}

/** Which optional functions the company has on (what `app.requireFunction` asks); an unknown company has none. */
export async function functionsOfCompany(db: Db, companyId: string): Promise<CompanyFunctions | null> {
  // An access check for the verified principal's own company: one statement, no tenant transaction (docs/decisions.md).
  const row = await findCompany(db, companyId);
  return row ? companyFunctionsOf(row.basic_settings.functions) : null;
}

/** The order numbering of a company as the orders module hands out numbers: its letters and the lowest next number. */
export async function orderNumbering(tx: Executor, companyId: string): Promise<{ letters: string; start: number }> {
  const row = await findCompany(tx, companyId);
  const numbering = row?.basic_settings.numbering;
  return { letters: numbering?.orderNumberLetters ?? '', start: Number(numbering?.orderNumber || '1') };
}

/**
 * The company's date format (Advanced settings), for every date its emails and documents print:
 * write with `writeInstantDate(at, format, 'utc')` or `writeDay(day, format)` (domain/company/date-format.rules).
 */
export async function dateFormatOf(tx: Executor, companyId: string): Promise<DateFormat> {
  const row = await findCompany(tx, companyId);
  return row?.basic_settings.dateFormat ?? 'DD.MM.YYYY';
}

/** The company's working time (its advanced settings), else `fallback`: what predicted completion and availability count. */
export async function workingTimeOfCompany(tx: Executor, companyId: string, fallback: WorkingTime): Promise<WorkingTime> {
  return workingTimeOfRow(await findCompany(tx, companyId), fallback);
}

/**
 * The company's working time as it stood at `until`, from the log (the capacity plan's replay,
 * docs/capacity-plan.md): the settings of the newest `BasicSettingsUpdated` recorded by then; before
 * the first save, `fallback` (a new company counts the server's); a company that never saved
 * settings, as its record says now.
 */
export async function workingTimeOfCompanyAsOf(tx: Executor, companyId: string, until: Date, fallback: WorkingTime): Promise<WorkingTime> {
  type Saved = NonNullable<CompanyRow['basic_settings']['workingTime']>;
  const { rows } = await sql<{ before: boolean; working: Saved | null }>`
    select recorded_at <= ${until} as before, data->'basicSettings'->'workingTime' as working
    from events where stream_id = ${companyStreamId(companyId)} and type = 'BasicSettingsUpdated'
    order by (recorded_at <= ${until}) desc, global_position desc
    limit 1
  `.execute(tx);
  const saved = rows[0];
  if (!saved) return workingTimeOfCompany(tx, companyId, fallback);
  if (!saved.before) return fallback;
  return (saved.working && workingTimeOf(saved.working)) || fallback;
}

/** Whether the company lets vacations be booked in half days (its advanced settings). */
export async function halfVacationDaysOf(tx: Executor, companyId: string): Promise<boolean> {
  const row = await findCompany(tx, companyId);
  return row?.basic_settings.halfVacationDays === true;
}

/** The survey after sign-up: only the caller's own company; another id answers as if it did not exist. */
export async function recordReferralSource(ctx: CommandContext, companyId: string, referralSource: ReferralSource): Promise<void> {
  if (companyId !== ctx.companyId) throw notFound();
  if (!(await setReferralSource(ctx.tx, companyId, referralSource, ctx.now))) throw notFound();
  await recordCompanyEvent(ctx, companyId, { type: 'ReferralSourceRecorded', data: { companyId, referralSource } });
}

/**
 * The rules of a settings change that need the stored state: counters move only forward (orders
 * from the number after the last issued), and the suggestion recipient is a user of the company with an email
 * address who has accepted their invitation.
 */
async function settingsProblems(ctx: CommandContext, stored: CompanyRow, settings: BasicSettings) {
  const before = stored.basic_settings.numbering;
  const lastIssued = await lastOrderNumberIssued(ctx.tx, ctx.companyId);
  const problems = numberingProblems(before, settings.numbering, {
    orderNumber: nextOrderCounter(stored, lastIssued),
    invoiceNumber: lowestNextNumber(before.invoiceNumber),
    costNumber: lowestNextNumber(before.costNumber),
  });
  // The view shows the order counter at its next number: that value, though not the stored start, is no change.
  const unchangedOrder = settings.numbering.orderNumber === String(nextOrderCounter(stored, lastIssued));
  const found = problems.filter((problem) => !(unchangedOrder && problem.path === 'numbering.orderNumber'));
  if (settings.suggestionRecipientId) {
    const user = await ctx.tx
      .selectFrom('users')
      .select(['email', 'password_hash'])
      .where('id', '=', settings.suggestionRecipientId)
      .where('company_id', '=', ctx.companyId)
      .executeTakeFirst();
    if (!user) found.push({ path: 'suggestionRecipientId', message: 'validation.suggestionRecipient' });
    // Suggestions are sent by email: a recipient without an address (an operator) would get none of them.
    else if (!user.email) found.push({ path: 'suggestionRecipientId', message: 'validation.suggestionRecipientEmail' });
    // An invitation not accepted yet is an outside address: the suggestions' text would reach it past the invitations' daily limit.
    else if (user.password_hash === null) found.push({ path: 'suggestionRecipientId', message: 'validation.suggestionRecipientNotAccepted' });
  }
  if (found.length > 0) throw new DomainError('VALIDATION_ERROR', found);
}

async function saveSettings(ctx: CommandContext, given: BasicSettings) {
  // Working days as a set, in order: what the view answers and the event records.
  const settings = given.workingTime ? { ...given, workingTime: { ...given.workingTime, days: [...new Set(given.workingTime.days)].sort() } } : given;
  const stored = await findCompany(ctx.tx, ctx.companyId, { lock: true });
  if (!stored) throw notFound();
  await settingsProblems(ctx, stored, settings);
  const row = await setBasicSettings(ctx.tx, ctx.companyId, settings, ctx.now);
  if (!row) throw notFound();
  await recordCompanyEvent(ctx, ctx.companyId, { type: 'BasicSettingsUpdated', data: { companyId: ctx.companyId, basicSettings: settings } });
  return row;
}

/**
 * Replaces the basic settings of the context's company, made on the copy of `version`: a copy of
 * another version is stale (409). The company's row is locked first, so two saves queue.
 */
export async function updateBasicSettings(ctx: CommandContext, deps: Pick<CompanyDeps, 'config'>, update: BasicSettingsUpdate): Promise<CompanySettingsView> {
  const { version, ...settings } = update;
  if (!(await findCompany(ctx.tx, ctx.companyId, { lock: true }))) throw notFound();
  if ((await settingsVersion(ctx.tx, ctx.companyId)) !== version) throw staleCopy();
  await saveSettings(ctx, settings);
  return companySettings(ctx.tx, deps, ctx.companyId, ctx.now);
}

/** Records a new logo, received (and checked by its first bytes: PNG or JPEG) by `receiveLogo`, and moves it into place. */
export async function replaceLogo(ctx: CommandContext, deps: CompanyDeps, received: ReceivedUpload<LogoType>): Promise<CompanySettingsView> {
  const { companyId } = ctx;
  if (!(await findCompany(ctx.tx, companyId))) throw notFound();
  const fileName = await keepLogo(deps.config.dataDir, companyId, received);
  await setLogo(ctx.tx, companyId, fileName, ctx.now);
  await recordCompanyEvent(ctx, companyId, { type: 'CompanyLogoReplaced', data: { companyId, contentType: received.contentType, bytes: received.size } });
  return companySettings(ctx.tx, deps, companyId, ctx.now);
}

/** The product operator's customer list (every company: a platform read). */
export async function customerAccounts(db: Db, deps: CompanyDeps, query: { page: number; limit: number; companyName?: string }) {
  const { rows, total } = await withSystem(db, (tx) => customerPage(tx, query));
  const data = await Promise.all(rows.map(async (row) => customerRow(row, await companyStorageBytes(db, storageLayoutOf(deps), row.id))));
  return { data, total, page: query.page, limit: query.limit };
}

export async function customerAccount(db: Db, deps: CompanyDeps, companyId: string, now: Date): Promise<CustomerAccountDetail> {
  const row = await withSystem(db, (tx) => findCompany(tx, companyId));
  if (!row) throw notFound();
  return customerDetail(db, deps, row, now);
}

/**
 * The product operator adds a customer (the context's tenant is the new company): the account
 * with its company data and terms, and its super user, invited by email through the identity
 * module's invitation (the existing flow: set a password from the link).
 */
export async function addCustomerAccount(ctx: CommandContext, deps: CompanyDeps, input: CustomerAccountCreate): Promise<void> {
  const terms = changedTerms(
    { plan: input.plan, trialEndsAt: input.plan === 'trial' ? trialEndFrom(ctx.now) : null },
    { trialEndsAt: input.trialEndsAt === null ? undefined : new Date(input.trialEndsAt) },
  );
  const settings = input.basicSettings;
  await openCompanyAccount(ctx, {
    id: ctx.companyId,
    companyName: settings.companyName,
    plan: terms.plan,
    trialEndsAt: terms.trialEndsAt,
    basicSettings: settings,
  });
  await deps.invite(ctx, { role: 'SUPER_USER', ...input.superUser, companyName: settings.companyName });
}

/** The product operator changes the plan, the trial end or the company data of a customer (the context's tenant). */
export async function updateCustomerAccount(ctx: CommandContext, change: CustomerAccountUpdate): Promise<void> {
  const { companyId } = ctx;
  const row = await findCompany(ctx.tx, companyId);
  if (!row) throw notFound();
  const terms = changedTerms(
    { plan: row.plan, trialEndsAt: row.trial_ends_at },
    { plan: change.plan, trialEndsAt: change.trialEndsAt == null ? change.trialEndsAt : new Date(change.trialEndsAt) },
  );
  await setTerms(ctx.tx, companyId, terms, ctx.now);
  if (change.basicSettings) await saveSettings(ctx, change.basicSettings);
  await recordCompanyEvent(ctx, companyId, {
    type: 'CustomerAccountUpdated',
    data: { companyId, plan: terms.plan, trialEndsAt: terms.trialEndsAt?.toISOString() ?? null, basicSettingsChanged: Boolean(change.basicSettings) },
  });
}

/**
 * Deletes a customer (a platform command): its rows in every table with a company (users and
 * sessions included, so its tokens stop working; its streams, events and job ledger rows), the
 * dev mailbox's messages to its users, then, once that has committed, its files. A platform
 * event records the deletion.
 */
export async function deleteCustomerAccount(ctx: CommandContext, deps: CompanyDeps, companyId: string): Promise<void> {
  const row = await findCompany(ctx.tx, companyId);
  if (!row) throw notFound();
  const users = await ctx.tx.selectFrom('users').select('email').where('company_id', '=', companyId).execute();
  const addresses = [row.owner_email, ...users.map((user) => user.email)].filter((email): email is string => !!email);
  await forgetDevMail(ctx.tx, addresses);
  await deleteCompanyRows(ctx.tx, companyId);
  await appendPlatformEvent(ctx, { type: 'CustomerAccountDeleted', data: { companyId, companyName: row.company_name, code: row.code } });
  ctx.afterCommit(() => removeCompanyFiles(deps.config.dataDir, companyId));
}

/** The write check of the trial: a company whose trial has ended reads but does not write; the operator always may. */
export function trialWriteCheck(deps: Pick<CommandDeps, 'db' | 'clock'>) {
  return async (principal: { role: string; companyId: string | null }) => {
    if (principal.role === 'MASTER' || !principal.companyId) return;
    // An access check, like the session check: one statement on the platform connection, for the
    // verified principal's own company, no tenant transaction around it (docs/decisions.md).
    const row = await findCompany(deps.db, principal.companyId);
    if (row && trialHasEnded({ plan: row.plan, trialEndsAt: row.trial_ends_at }, deps.clock.now())) throw new DomainError('TRIAL_EXPIRED');
  };
}
