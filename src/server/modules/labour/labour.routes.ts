import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clockSchema,
  correctAttendanceSchema,
  correctWorkTimeSchema,
  orderWorkSchema,
  payrollQuerySchema,
  timesheetCsvQuerySchema,
  pauseOrderWorkSchema,
  workSplitSchema,
  workTimesQuerySchema,
} from '../../../domain/labour/labour.schema.js';
import { labourPeopleSchema, labourStatusSchema, presentSchema, stationLabourSchema, workTimesSchema } from '../../../domain/labour/labour.views.js';
import { calendarDayIn, timeZoneOf } from '../../../domain/company/working-time.rules.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { writerRoles, type Role } from '../../../domain/shared/roles.js';
import { companyOf, principalOf } from '../../platform/auth.js';
import type { CsvLanguage } from '../../platform/csv.js';
import { runCommand, runQuery } from '../../platform/command.js';
import type { Executor } from '../../platform/db.js';
import { errorResponses } from '../../platform/errors.js';
import { workingTimeOfCompany } from '../company/index.js';
import { findUserById } from '../identity/index.js';
import { findStationRow } from '../stations/index.js';
import { changeOrderWork, clockIn, clockOut, correctAttendance, correctWorkTime, joinOrderWork, stateWorkSplit } from './labour.handlers.js';
import { labourPeopleOf, labourStatusOf, namesOf, payrollOf, presentOf, stationLabourOf, userOfCompany, workTimesOf } from './labour.queries.js';
import { payrollCsv, timesheetCsv } from './labour.csv.js';

const tags = ['labour'];
/** Who clocks: the company's people (the product operator acting for a company is no employee of it). */
const clockingRoles: Role[] = ['SUPER_USER', 'ADMIN', 'OPERATOR'];
const orderParams = z.object({ orderId: z.uuid({ error: 'validation.invalidId' }) });
const stationParams = z.object({ stationId: z.uuid({ error: 'validation.invalidId' }) });
const attendanceParams = z.object({ id: z.uuid({ error: 'validation.invalidId' }) });
const userParams = z.object({ userId: z.uuid({ error: 'validation.invalidId' }) });

/** Attendance: one's own clock, at a station tablet or in the console. */
function clockRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const clockers = { preHandler: app.requireRole(...clockingRoles) };
  const working = (tx: Executor, request: Parameters<typeof companyOf>[0]) => workingTimeOfCompany(tx, companyOf(request), app.config.workingTime);

  r.get('/api/labour/me', {
    ...clockers,
    schema: {
      tags,
      summary: 'One’s own clock: the open attendance and the orders one is clocked onto',
      response: { 200: labourStatusSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx) => labourStatusOf(tx, principalOf(request).userId)),
  });

  r.post('/api/labour/clock-in', {
    ...clockers,
    schema: {
      tags,
      summary:
        'Clocks in (at a station tablet: `stationId`, where an operator is signed in; the console: none). `at`: the moment of a tap queued offline (at most a day old). Clocked in already: 409',
      body: clockSchema,
      response: { 200: labourStatusSchema, ...errorResponses(409) },
    },
    handler: async (request) =>
      runCommand(app, request, async (ctx) => {
        await clockIn(ctx, request.body, await working(ctx.tx, request));
        return labourStatusOf(ctx.tx, ctx.actor?.userId ?? '');
      }),
  });

  r.post('/api/labour/clock-out', {
    ...clockers,
    schema: {
      tags,
      summary: 'Clocks out, leaving every order one is on. Not clocked in, or a clock-out before the clock-in: 409',
      body: clockSchema,
      response: { 200: labourStatusSchema, ...errorResponses(409) },
    },
    handler: async (request) =>
      runCommand(app, request, async (ctx) => {
        await clockOut(ctx, request.body);
        return labourStatusOf(ctx.tx, ctx.actor?.userId ?? '');
      }),
  });
}

/** Work on orders at a station: clock onto an order, pause with a reason, resume, leave. */
function orderWorkRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const clockers = { preHandler: app.requireRole(...clockingRoles) };
  const respond = { 200: labourStatusSchema, ...errorResponses(409) };

  r.post('/api/labour/orders/:orderId/join', {
    ...clockers,
    schema: {
      tags,
      summary: 'Clocks onto an order in work at a station (clocked in first; several people may be on one order; time on several orders at once splits evenly)',
      params: orderParams,
      body: orderWorkSchema,
      response: respond,
    },
    handler: async (request) =>
      runCommand(app, request, async (ctx) => {
        await joinOrderWork(ctx, request.params.orderId, request.body);
        return labourStatusOf(ctx.tx, ctx.actor?.userId ?? '');
      }),
  });

  r.post('/api/labour/orders/:orderId/pause', {
    ...clockers,
    schema: { tags, summary: 'Pauses one’s work on an order, with a reason', params: orderParams, body: pauseOrderWorkSchema, response: respond },
    handler: async (request) =>
      runCommand(app, request, async (ctx) => {
        await changeOrderWork(ctx, request.params.orderId, { type: 'pause', input: request.body });
        return labourStatusOf(ctx.tx, ctx.actor?.userId ?? '');
      }),
  });

  for (const type of ['resume', 'leave'] as const) {
    r.post(`/api/labour/orders/:orderId/${type}`, {
      ...clockers,
      schema: {
        tags,
        summary: type === 'resume' ? 'Resumes one’s paused work on an order' : 'Leaves an order (one’s time on it stops; the order’s work goes on)',
        params: orderParams,
        body: orderWorkSchema,
        response: respond,
      },
      handler: async (request) =>
        runCommand(app, request, async (ctx) => {
          await changeOrderWork(ctx, request.params.orderId, { type, input: request.body });
          return labourStatusOf(ctx.tx, ctx.actor?.userId ?? '');
        }),
    });
  }

  r.get('/api/labour/stations/:stationId', {
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: 'The orders in work at a station and who is clocked onto each (paused or not)',
      params: stationParams,
      response: { 200: stationLabourSchema, ...errorResponses() },
    },
    handler: async (request) =>
      runQuery(app, request, async (tx) => {
        if (!(await findStationRow(tx, request.params.stationId))) throw new DomainError('NOT_FOUND');
        return stationLabourOf(tx, request.params.stationId);
      }),
  });
}

/** The records: who is in, one person's week, and the supervisors' corrections. */
function recordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const supervisors = { preHandler: app.requireRole(...writerRoles) };
  const isSupervisor = (role: Role) => writerRoles.includes(role);
  const week = async (tx: Executor, request: Parameters<typeof companyOf>[0], userId: string, day: string | undefined, now: Date) =>
    workTimesOf(tx, userId, day, await workingTimeOfCompany(tx, companyOf(request), app.config.workingTime), now);

  r.get('/api/labour/present', {
    ...supervisors,
    schema: { tags, summary: 'Who is clocked in now, and on which orders (supervisors)', response: { 200: presentSchema, ...errorResponses() } },
    handler: async (request) => runQuery(app, request, (tx) => presentOf(tx)),
  });

  r.get('/api/labour/people', {
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: 'Whose work times one may read: supervisors everyone of the company, others themselves',
      response: { 200: labourPeopleSchema, ...errorResponses() },
    },
    handler: async (request) => {
      const { userId, role } = principalOf(request);
      return runQuery(app, request, (tx) => labourPeopleOf(tx, { userId, supervisor: isSupervisor(role) }));
    },
  });

  r.get('/api/labour/times', {
    preHandler: app.authenticate,
    schema: {
      tags,
      summary:
        'One person’s week (`week`: any day of it, default this week, in the company’s zone): attendances as recorded and corrected, work time per order and station, corrections. Supervisors read anyone’s, others their own',
      querystring: workTimesQuerySchema,
      response: { 200: workTimesSchema, ...errorResponses() },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      if (!isSupervisor(principal.role) && principal.userId !== request.query.userId) throw new DomainError('FORBIDDEN');
      return runQuery(app, request, async (tx, now) => {
        if (!(await userOfCompany(tx, request.query.userId))) throw new DomainError('NOT_FOUND');
        return week(tx, request, request.query.userId, request.query.week, now);
      });
    },
  });

  r.post('/api/labour/attendances/:id/corrections', {
    ...supervisors,
    schema: {
      tags,
      summary:
        'Corrects an attendance’s times with a reason (supervisors); recorded as an event beside the original. Answers the week of the corrected clock-in',
      params: attendanceParams,
      body: correctAttendanceSchema,
      response: { 201: workTimesSchema, ...errorResponses(409) },
    },
    handler: async (request, reply) => {
      const times = await runCommand(app, request, async (ctx) => {
        const userId = await correctAttendance(ctx, request.params.id, request.body);
        return week(ctx.tx, request, userId, request.body.clockedInAt.slice(0, 10), ctx.now);
      });
      return reply.status(201).send(times);
    },
  });

  r.post('/api/labour/users/:userId/work-time-corrections', {
    ...supervisors,
    schema: {
      tags,
      summary: 'Adds (or, negative minutes, takes) work time on an order at a station on a day, with a reason (supervisors). Answers that week',
      params: userParams,
      body: correctWorkTimeSchema,
      response: { 201: workTimesSchema, ...errorResponses(409) },
    },
    handler: async (request, reply) => {
      const times = await runCommand(app, request, async (ctx) => {
        await correctWorkTime(ctx, request.params.userId, request.body, await workingTimeOfCompany(ctx.tx, companyOf(request), app.config.workingTime));
        return week(ctx.tx, request, request.params.userId, request.body.day, ctx.now);
      });
      return reply.status(201).send(times);
    },
  });

  r.post('/api/labour/users/:userId/work-splits', {
    preHandler: app.authenticate,
    schema: {
      tags,
      summary:
        'States how a work period (the orders one ran at once, from `periodStartedAt`) splits across its orders, in percent or minutes adding up to the whole: the person their own, supervisors anyone’s. Answers the week of the period',
      params: userParams,
      body: workSplitSchema,
      response: { 201: workTimesSchema, ...errorResponses(409) },
    },
    handler: async (request, reply) => {
      const principal = principalOf(request);
      if (!isSupervisor(principal.role) && principal.userId !== request.params.userId) throw new DomainError('FORBIDDEN');
      const times = await runCommand(app, request, async (ctx) => {
        await stateWorkSplit(ctx, request.params.userId, request.body);
        const working = await workingTimeOfCompany(ctx.tx, companyOf(request), app.config.workingTime);
        return week(ctx.tx, request, request.params.userId, calendarDayIn(request.body.periodStartedAt, timeZoneOf(working)), ctx.now);
      });
      return reply.status(201).send(times);
    },
  });
}

const csvReply = (reply: FastifyReply, fileName: string, body: string) =>
  reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').send(body);

/** The exports: one person's week as CSV (the PDF is a document, docs/documents.md), the payroll export. */
function exportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const isSupervisor = (role: Role) => writerRoles.includes(role);
  /** The column names' language: the one asked for, else the user's own. */
  const languageOf = async (tx: Executor, userId: string, asked: CsvLanguage | undefined): Promise<CsvLanguage> =>
    asked ?? ((await findUserById(tx, userId))?.locale === 'de' ? 'de' : 'en');
  const csv = { 200: z.string().describe('text/csv'), ...errorResponses() };

  r.get('/api/labour/timesheet.csv', {
    preHandler: app.authenticate,
    schema: {
      tags,
      summary:
        'One person’s week as CSV for Excel (UTF-8 with BOM, `;`): a row per attendance, times in the company’s zone, hours as decimals, the total; column names in `lang` (default the user’s language). Supervisors anyone’s, others their own',
      querystring: timesheetCsvQuerySchema,
      response: csv,
    },
    handler: async (request, reply) => {
      const principal = principalOf(request);
      if (!isSupervisor(principal.role) && principal.userId !== request.query.userId) throw new DomainError('FORBIDDEN');
      const { body, week } = await runQuery(app, request, async (tx, now) => {
        if (!(await userOfCompany(tx, request.query.userId))) throw new DomainError('NOT_FOUND');
        const working = await workingTimeOfCompany(tx, companyOf(request), app.config.workingTime);
        const times = await workTimesOf(tx, request.query.userId, request.query.week, working, now);
        const name = (await namesOf(tx, [request.query.userId])).get(request.query.userId) ?? '';
        return { body: timesheetCsv(times, name, await languageOf(tx, principal.userId, request.query.lang), timeZoneOf(working)), week: times.weekStart };
      });
      return csvReply(reply, `timesheet-${week}.csv`, body);
    },
  });

  r.get('/api/labour/payroll.csv', {
    preHandler: app.requireRole(...writerRoles),
    schema: {
      tags,
      summary:
        'The payroll export (supervisors): hours per employee and day from `from` to `to` (at most 93 days) as CSV, column names in `lang` (default the user’s language); format in docs/labour-and-costs.md',
      querystring: payrollQuerySchema,
      response: csv,
    },
    handler: async (request, reply) => {
      const body = await runQuery(app, request, async (tx) => {
        const working = await workingTimeOfCompany(tx, companyOf(request), app.config.workingTime);
        const days = await payrollOf(tx, request.query.from, request.query.to, working);
        return payrollCsv(days, await languageOf(tx, principalOf(request).userId, request.query.lang), timeZoneOf(working));
      });
      return csvReply(reply, `payroll-${request.query.from}-${request.query.to}.csv`, body);
    },
  });
}

/** Labour time (docs/labour-and-costs.md). */
export async function labourRoutes(app: FastifyInstance) {
  clockRoutes(app);
  orderWorkRoutes(app);
  recordRoutes(app);
  exportRoutes(app);
}
