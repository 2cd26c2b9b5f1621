import { LABOUR_STREAM_TYPE } from '../../../domain/labour/labour.events.js';
import * as labourViews from '../../../domain/labour/labour.views.js';
import { defineModule } from '../../platform/module.js';
import { closeMissedClockOuts } from './labour.handlers.js';
import { labourOrderReactions, labourProjection } from './labour.projection.js';
import { labourSummaryOf, labourWeeksOf } from './labour.queries.js';
import { labourRoutes } from './labour.routes.js';
import { labourLiveRules } from './labour.live.js';

export { closeMissedClockOuts } from './labour.handlers.js';
// The documents' timesheet (a PDF of one person's week) reads it.
export { workTimesOf } from './labour.queries.js';

/** How often each instance looks for working days ended with someone still clocked in. */
const DAY_END_SWEEP_MS = 60_000;

/**
 * Labour time (docs/labour-and-costs.md): one event stream per person (attendance, work on orders,
 * pauses, corrections), read models of attendance and of work time per person, order, station and
 * interval; the order events clock the starting operator onto the order and everyone off it on
 * completion. A sweep on the platform clock closes forgotten clock-outs at the end of the working day.
 */
export const labourModule = defineModule({
  name: 'labour',
  requires: [],
  provides: {
    // The team's records and development trends (team requires it: team does not import labour, which builds on orders).
    labourTimeReader: () => ({ summaryOf: labourSummaryOf, weeksOf: labourWeeksOf }),
  },
  contributes: { companyTables: [{ exported: ['labour_assignments', 'labour_attendances', 'labour_corrections', 'labour_work_pieces'], notExported: [] }] },
  plugin: async (app) => {
    await app.register(labourRoutes);
    const sweep = setInterval(() => {
      closeMissedClockOuts(app).catch((error: unknown) => app.log.error({ err: error }, 'labour: closing missed clock-outs failed; tried again next round'));
    }, DAY_END_SWEEP_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  projections: (eventStore) => [labourProjection, labourOrderReactions(eventStore)],
  openApi: {
    tags: [{ name: 'labour', description: 'Labour time: attendance (clock in and out), work time per person, order and station, pauses and corrections.' }],
    views: [labourViews],
  },
  liveTopics: [LABOUR_STREAM_TYPE],
  liveRules: labourLiveRules,
});
