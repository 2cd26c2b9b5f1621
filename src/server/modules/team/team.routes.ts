import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../../domain/shared/errors.js';
import { writerRoles } from '../../../domain/shared/roles.js';
import {
  absenceBookingSchema,
  calendarDaySchema,
  employeeProfileSchema,
  employeeSaveVersion,
  organizationSchema,
  vacationEntitlementSchema,
} from '../../../domain/team/employee.schema.js';
import { masterDataEntryInputSchema, masterDataListSchema } from '../../../domain/team/master-data.js';
import { saveUserRightsSchema } from '../../../domain/team/rights.schema.js';
import {
  developmentViewSchema,
  employeeRecordsViewSchema,
  employeeViewSchema,
  masterDataListViewSchema,
  teamAbsencesViewSchema,
  userRightsMatrixViewSchema,
} from '../../../domain/team/team.views.js';
import { stationSessionsViewSchema } from '../../../domain/identity/identity.views.js';
import { calendarDayIn, endOfDayIn, startOfDayIn, timeZoneOf, type WorkingTime } from '../../../domain/company/working-time.rules.js';
import type { RecordsWorkTimeView } from '../../../domain/team/team.views.js';
import { companyOf, principalOf } from '../../platform/auth.js';
import { runCommand, runQuery } from '../../platform/command.js';
import { csvLanguages } from '../../platform/csv.js';
import type { Executor } from '../../platform/db.js';
import { errorResponses } from '../../platform/errors.js';
import { workingTimeOfCompany } from '../company/index.js';
import { recordsCsv } from './records.csv.js';
import {
  addEntry,
  bookAbsence,
  cancelAbsence,
  changeOrganization,
  changeProfile,
  deleteEntry,
  halfVacationDaysAllowed,
  reinstateEntry,
  renameEntry,
  retireEntry,
  saveUserRights,
  setVacationEntitlement,
} from './team.handlers.js';
import {
  absencesBetween,
  employeeRecords,
  employeeView,
  masterDataEntries,
  mayReadEmployee,
  requireTeamMember,
  stationSessions,
  userRightsMatrix,
  weeklyDevelopment,
  type EntryUsageReader,
} from './team.queries.js';

const tags = ['team'];
const employeeParams = z.object({ id: z.uuid() });
const yearParams = employeeParams.extend({ year: z.coerce.number().int() });
const absenceParams = employeeParams.extend({ absenceId: z.uuid() });
const listParams = z.object({ list: masterDataListSchema });
const entryParams = listParams.extend({ entryId: z.uuid() });
const recordsQuery = z.object({ from: calendarDaySchema.optional(), to: calendarDaySchema.optional() });
const absencesQuery = z
  .object({ from: calendarDaySchema, to: calendarDaySchema })
  .refine(({ from, to }) => from <= to, { path: ['to'], message: 'validation.invalidValue' })
  .refine(({ from, to }) => Date.parse(to) - Date.parse(from) <= 366 * 86_400_000, { path: ['to'], message: 'validation.invalidValue' });
/** The development chart's range: by default the twelve weeks up to today; at most a year. */
const developmentQuery = z
  .object({ userId: z.uuid().optional(), from: calendarDaySchema.optional(), to: calendarDaySchema.optional() })
  .refine(({ from, to }) => !from || !to || from <= to, { path: ['to'], message: 'validation.invalidValue' })
  .refine(({ from, to }) => !from || !to || Date.parse(to) - Date.parse(from) <= 366 * 86_400_000, { path: ['to'], message: 'validation.invalidValue' });
const recordsCsvQuery = recordsQuery.extend({ lang: z.enum(csvLanguages).default('en') });

/** The route validates the shape; the decider judges "in the past" and "half days allowed" on the day and settings of the command. */
const profileBody = employeeProfileSchema('9999-12-31').safeExtend(employeeSaveVersion);
const organizationBody = organizationSchema.safeExtend(employeeSaveVersion);
const entitlementBody = vacationEntitlementSchema.extend(employeeSaveVersion);
const absenceBody = absenceBookingSchema({ halfDaysAllowed: true });

/** Today in the company's time zone (its working time's, else the server's): vacations left, the weeks of the trends, a date of birth. */
const today = (now: Date, zone: string) => calendarDayIn(now, zone);

/** The team routes' guards: readers, writers, the team change right, vacations switched on; and the company's time zone. */
function teamRouteKit(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers = { preHandler: app.authenticate };
  const writersOnly = { preHandler: app.requireRole(...writerRoles) };
  const teamChangers = { preHandler: app.requireChangeRight('team') };
  // Vacations are an optional function of the company (App function): switched off, their routes answer 404.
  const vacationChangers = { preHandler: [app.requireChangeRight('team'), app.requireFunction('vacations')] };

  const zoneOf = async (tx: Executor, request: FastifyRequest) => timeZoneOf(await workingTimeOfCompany(tx, companyOf(request), app.config.workingTime));
  return { r, readers, writersOnly, teamChangers, vacationChangers, zoneOf };
}

/** An employee: profile, organization, vacations, absences and records. */
async function employeeRoutes(app: FastifyInstance) {
  const { r, readers, teamChangers, vacationChangers, zoneOf } = teamRouteKit(app);
  const answerEmployee = async (request: FastifyRequest, userId: string) => {
    return runQuery(app, request, async (tx, now) => {
      const working = await workingTimeOfCompany(tx, companyOf(request), app.config.workingTime);
      return employeeView(tx, userId, today(now, timeZoneOf(working)), {
        halfDaysAllowed: await halfVacationDaysAllowed(tx, companyOf(request)),
        workingDays: working.days,
      });
    });
  };

  r.get('/api/team/employees/:id', {
    ...readers,
    schema: {
      tags,
      summary: 'The employee profile: user, profile, organization, vacations with remaining days, and rights (operators: only their own)',
      params: employeeParams,
      response: { 200: employeeViewSchema, ...errorResponses() },
    },
    handler: async (request) => {
      mayReadEmployee(principalOf(request), request.params.id);
      return answerEmployee(request, request.params.id);
    },
  });

  r.put('/api/team/employees/:id/profile', {
    ...teamChangers,
    schema: {
      tags,
      summary: "Changes the employee's profile (names, gender, date of birth in the past, emergency contact)",
      params: employeeParams,
      body: profileBody,
      response: { 200: employeeViewSchema, ...errorResponses() },
    },
    handler: async (request) => {
      await runCommand(app, request, async (ctx) => changeProfile(ctx, request.params.id, request.body, today(ctx.now, await zoneOf(ctx.tx, request))));
      return answerEmployee(request, request.params.id);
    },
  });

  r.put('/api/team/employees/:id/organization', {
    ...teamChangers,
    schema: {
      tags,
      summary: "Changes the employee's organization: job title and department from the master data, and the contract's days in order",
      params: employeeParams,
      body: organizationBody,
      response: { 200: employeeViewSchema, ...errorResponses() },
    },
    handler: async (request) => {
      await runCommand(app, request, (ctx) => changeOrganization(ctx, request.params.id, request.body));
      return answerEmployee(request, request.params.id);
    },
  });

  r.put('/api/team/employees/:id/vacations/:year', {
    ...vacationChangers,
    schema: {
      tags,
      summary: "Sets one year's vacation entitlement: annual leave, days carried over and until when they may be taken",
      params: yearParams,
      body: entitlementBody,
      response: { 200: employeeViewSchema, ...errorResponses() },
    },
    handler: async (request) => {
      await runCommand(app, request, (ctx) => setVacationEntitlement(ctx, request.params.id, request.params.year, request.body));
      return answerEmployee(request, request.params.id);
    },
  });

  r.post('/api/team/employees/:id/absences', {
    ...vacationChangers,
    schema: {
      tags,
      summary: 'Books an absence (days both included; half days only when the company allows them; an overlap with another booking is refused)',
      params: employeeParams,
      body: absenceBody,
      response: { 201: employeeViewSchema.extend({ absenceId: z.string() }), ...errorResponses(409) },
    },
    handler: async (request, reply) => {
      const absenceId = await runCommand(app, request, async (ctx) =>
        bookAbsence(ctx, request.params.id, request.body, (await workingTimeOfCompany(ctx.tx, ctx.companyId, app.config.workingTime)).days),
      );
      return reply.code(201).send({ ...(await answerEmployee(request, request.params.id)), absenceId });
    },
  });

  r.delete('/api/team/employees/:id/absences/:absenceId', {
    ...vacationChangers,
    schema: {
      tags,
      summary: 'Cancels a booked absence',
      params: absenceParams,
      response: { 200: employeeViewSchema, ...errorResponses() },
    },
    handler: async (request) => {
      await runCommand(app, request, (ctx) => cancelAbsence(ctx, request.params.id, request.params.absenceId));
      return answerEmployee(request, request.params.id);
    },
  });
}

/**
 * What the team's records and development read of labour time (port `labourTimeReader`, provided by labour;
 * docs/labour-and-costs.md): one person's labour time over a span, and the labour time per week (by Monday).
 */
export interface LabourTimeReader {
  summaryOf(db: Executor, userId: string, span: { from?: Date; to?: Date }, working: WorkingTime, now: Date): Promise<RecordsWorkTimeView>;
  weeksOf(
    db: Executor,
    userId: string | null,
    span: { from: Date; to: Date },
    working: WorkingTime,
    now: Date,
  ): Promise<Map<string, { netSeconds: number; workSeconds: number; orders: number }>>;
}

/** An employee's records (time and absences) as JSON and as CSV. */
async function employeeRecordsRoutes(app: FastifyInstance, labourTime: LabourTimeReader) {
  const { r, readers, zoneOf } = teamRouteKit(app);
  r.get('/api/team/employees/:id/records', {
    ...readers,
    schema: {
      tags,
      summary:
        "What the employee did at stations (work started, completed with cycle time, orders moved), from the event log, by date (days of the company's time zone); `workTime`: their labour time in those days (worked hours, the orders worked on)",
      params: employeeParams,
      querystring: recordsQuery,
      response: { 200: employeeRecordsViewSchema, ...errorResponses() },
    },
    handler: async (request) => {
      mayReadEmployee(principalOf(request), request.params.id);
      return runQuery(app, request, async (tx, now) => {
        await requireTeamMember(tx, request.params.id);
        const working = await workingTimeOfCompany(tx, companyOf(request), app.config.workingTime);
        const zone = timeZoneOf(working);
        const span = {
          from: request.query.from ? startOfDayIn(request.query.from, zone) : undefined,
          to: request.query.to ? endOfDayIn(request.query.to, zone) : undefined,
        };
        const workTime = await labourTime.summaryOf(tx, request.params.id, span, working, now);
        return { userId: request.params.id, data: await employeeRecords(tx, request.params.id, request.query, zone), workTime };
      });
    },
  });

  r.get('/api/team/employees/:id/records.csv', {
    ...readers,
    schema: {
      tags,
      summary: "The employee's records as CSV for Excel (UTF-8 with BOM, `;` separated; `lang=de` for German headers and decimal commas)",
      params: employeeParams,
      querystring: recordsCsvQuery,
      response: { 200: z.string().describe('text/csv'), ...errorResponses() },
    },
    handler: async (request, reply) => {
      mayReadEmployee(principalOf(request), request.params.id);
      const { records, zone } = await runQuery(app, request, async (tx) => {
        await requireTeamMember(tx, request.params.id);
        const zone = await zoneOf(tx, request);
        return { records: await employeeRecords(tx, request.params.id, request.query, zone), zone };
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="records.csv"')
        .header('cache-control', 'no-store')
        .send(recordsCsv(records, request.query.lang, zone));
    },
  });
}

/** The master-data lists (departments, positions, absence reasons, ...); other modules' records count through `usageReaders`. */
async function masterDataRoutes(app: FastifyInstance, usageReaders: readonly EntryUsageReader[]) {
  const { r, readers, teamChangers } = teamRouteKit(app);
  r.get('/api/team/master-data/:list', {
    ...readers,
    schema: {
      tags,
      summary: 'One master-data list (job titles, departments, absence reasons, interruption reasons) with how often each entry is used',
      params: listParams,
      response: { 200: masterDataListViewSchema, ...errorResponses() },
    },
    handler: async (request) =>
      runQuery(app, request, async (tx) => ({ list: request.params.list, data: await masterDataEntries(tx, request.params.list, usageReaders) })),
  });

  r.post('/api/team/master-data/:list', {
    ...teamChangers,
    schema: {
      tags,
      summary: 'Adds an entry to a list (name unique within the list, retired ones included)',
      params: listParams,
      body: masterDataEntryInputSchema,
      response: { 201: masterDataListViewSchema.extend({ entryId: z.string() }), ...errorResponses() },
    },
    handler: async (request, reply) => {
      const entryId = await runCommand(app, request, (ctx) => addEntry(ctx, request.params.list, request.body));
      const data = await runQuery(app, request, (tx) => masterDataEntries(tx, request.params.list, usageReaders));
      return reply.code(201).send({ list: request.params.list, data, entryId });
    },
  });

  const listAnswer = (request: FastifyRequest, list: z.infer<typeof masterDataListSchema>) =>
    runQuery(app, request, async (tx) => ({ list, data: await masterDataEntries(tx, list, usageReaders) }));

  r.put('/api/team/master-data/:list/:entryId', {
    ...teamChangers,
    schema: {
      tags,
      summary: 'Renames an entry',
      params: entryParams,
      body: masterDataEntryInputSchema,
      response: { 200: masterDataListViewSchema, ...errorResponses() },
    },
    handler: async (request) => {
      await runCommand(app, request, (ctx) => renameEntry(ctx, request.params.list, request.params.entryId, request.body));
      return listAnswer(request, request.params.list);
    },
  });

  r.post('/api/team/master-data/:list/:entryId/retire', {
    ...teamChangers,
    schema: {
      tags,
      summary: 'Retires an entry: records keep it, new ones cannot pick it',
      params: entryParams,
      response: { 200: masterDataListViewSchema, ...errorResponses() },
    },
    handler: async (request) => {
      await runCommand(app, request, (ctx) => retireEntry(ctx, request.params.list, request.params.entryId));
      return listAnswer(request, request.params.list);
    },
  });

  r.post('/api/team/master-data/:list/:entryId/reinstate', {
    ...teamChangers,
    schema: {
      tags,
      summary: 'Reinstates a retired entry',
      params: entryParams,
      response: { 200: masterDataListViewSchema, ...errorResponses() },
    },
    handler: async (request) => {
      await runCommand(app, request, (ctx) => reinstateEntry(ctx, request.params.list, request.params.entryId));
      return listAnswer(request, request.params.list);
    },
  });

  r.delete('/api/team/master-data/:list/:entryId', {
    ...teamChangers,
    schema: {
      tags,
      summary: 'Deletes an entry no record names (one in use answers 409: retire it instead)',
      params: entryParams,
      response: { 204: z.null(), ...errorResponses(409) },
    },
    handler: async (request, reply) => {
      await runCommand(app, request, (ctx) => deleteEntry(ctx, request.params.list, request.params.entryId, usageReaders));
      return reply.code(204).send(null);
    },
  });
}

/** The team's overviews: absences, station sessions, development. */
async function teamOverviewRoutes(app: FastifyInstance, labourTime: LabourTimeReader) {
  const { r, readers, writersOnly, zoneOf } = teamRouteKit(app);
  r.get('/api/team/absences', {
    preHandler: [app.requireRole(...writerRoles), app.requireFunction('vacations')],
    schema: {
      tags,
      summary: "The company's absences touching the days from `from` to `to` (both included, at most a year apart): who is away when",
      querystring: absencesQuery,
      response: { 200: teamAbsencesViewSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx) => absencesBetween(tx, request.query.from, request.query.to)),
  });

  r.get('/api/team/station-sessions', {
    ...writersOnly,
    schema: {
      tags,
      summary: 'Who is signed in at which station right now: station sessions neither ended nor expired, oldest first',
      response: { 200: stationSessionsViewSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx) => stationSessions(tx)),
  });

  r.get('/api/team/development', {
    ...readers,
    schema: {
      tags,
      summary:
        "Weekly trends of work completed at stations and its median cycle time, with the labour time (worked hours, work on orders, orders worked on), for one employee (`userId`; operators: only their own) or the whole team (writers), by weeks from Monday in the company's time zone; by default the twelve weeks up to today",
      querystring: developmentQuery,
      response: { 200: developmentViewSchema, ...errorResponses() },
    },
    handler: async (request) => {
      const { userId } = request.query;
      const principal = principalOf(request);
      if (userId) mayReadEmployee(principal, userId);
      else if (!writerRoles.includes(principal.role)) throw new DomainError('FORBIDDEN');
      return runQuery(app, request, async (tx, now) => {
        if (userId) await requireTeamMember(tx, userId);
        const zone = await zoneOf(tx, request);
        const to = request.query.to ?? today(now, zone);
        const from = request.query.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 83 * 86_400_000).toISOString().slice(0, 10);
        if (from > to) throw new DomainError('VALIDATION_ERROR', [{ path: 'from', message: 'validation.invalidValue' }]);
        const working = await workingTimeOfCompany(tx, companyOf(request), app.config.workingTime);
        const labourWeeks = (span: { from: Date; to: Date }) => labourTime.weeksOf(tx, userId ?? null, span, working, now);
        return { userId: userId ?? null, from, to, weeks: await weeklyDevelopment(tx, userId ?? null, from, to, labourWeeks, zone) };
      });
    },
  });
}

/** The user-rights matrix. */
async function userRightsRoutes(app: FastifyInstance) {
  const { r, writersOnly, teamChangers } = teamRouteKit(app);
  r.get('/api/team/user-rights', {
    ...writersOnly,
    schema: {
      tags,
      summary: 'The user-rights matrix: users by stations and by change rights, with the version to save on',
      response: { 200: userRightsMatrixViewSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx) => userRightsMatrix(tx, app.eventStore, companyOf(request))),
  });

  r.put('/api/team/user-rights', {
    ...teamChangers,
    schema: {
      tags,
      summary: 'Saves the whole matrix as one command, made on `version` (a stale save answers 409); users left out hold nothing',
      body: saveUserRightsSchema,
      response: { 200: userRightsMatrixViewSchema, ...errorResponses(409) },
    },
    handler: async (request) => {
      await runCommand(app, request, (ctx) => saveUserRights(ctx, request.body));
      return runQuery(app, request, (tx) => userRightsMatrix(tx, app.eventStore, companyOf(request)));
    },
  });
}

/**
 * The team area: employee profiles (profile, organization, vacations), the master-data lists, the
 * user-rights matrix and each employee's records. Writers read everyone, an operator their own;
 * writes need the `team` change right. `usageReaders`: the port `entryUsageReaders`.
 */
export async function teamRoutes(app: FastifyInstance, usageReaders: readonly EntryUsageReader[], labourTime: LabourTimeReader) {
  await employeeRoutes(app);
  await employeeRecordsRoutes(app, labourTime);
  await masterDataRoutes(app, usageReaders);
  await teamOverviewRoutes(app, labourTime);
  await userRightsRoutes(app);
}
