import type { EventStore, InlineProjection } from './platform/event-store.js';
import { companyProjections } from './modules/company/index.js';
import { stationsProjections } from './modules/stations/index.js';
import { ordersProjections } from './modules/orders/index.js';
import { teamProjections } from './modules/team/index.js';
import { shipmentsProjections } from './modules/shipments/index.js';
import { documentsProjections } from './modules/documents/index.js';
import { suggestionsProjections } from './modules/suggestions/index.js';
import { keyFiguresProjections } from './modules/key-figures/index.js';
import { interruptionsProjections } from './modules/interruptions/index.js';

/**
 * Every module's inline projections, in the order of app.ts's register list: the read models an
 * append updates in its own transaction. The server (app.ts) and the worker process (workers/main.ts)
 * register this one list, so an event a job appends (a document made, a status action applied)
 * updates the read models as the same event appended by a request does.
 */
export function inlineProjections(eventStore: EventStore): InlineProjection[] {
  return [
    ...companyProjections,
    ...stationsProjections,
    ...ordersProjections,
    ...teamProjections(eventStore),
    ...shipmentsProjections,
    ...documentsProjections,
    ...suggestionsProjections,
    ...keyFiguresProjections,
    ...interruptionsProjections,
  ];
}

/** Registers every module's inline projections on the event store (once per store). */
export function registerInlineProjections(eventStore: EventStore): void {
  for (const projection of inlineProjections(eventStore)) eventStore.registerInlineProjection(projection);
}
