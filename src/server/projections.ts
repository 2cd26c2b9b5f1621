import type { EventStore, InlineProjection } from './platform/event-store.js';
import type { ModuleManifest } from './platform/module.js';
import { modules } from './modules.js';

/**
 * Every module's inline projections, in the order of the module list (modules.ts): the read models
 * an append updates in its own transaction. The server (app.ts) and the worker process
 * (workers/main.ts) register this one list, so an event a job appends (a document made, a status
 * action applied) updates the read models as the same event appended by a request does.
 */
export function inlineProjections(eventStore: EventStore, list: readonly ModuleManifest[] = modules): InlineProjection[] {
  return list.flatMap((manifest) => manifest.projections?.(eventStore) ?? []);
}

/** Registers every module's inline projections on the event store (once per store). */
export function registerInlineProjections(eventStore: EventStore, list: readonly ModuleManifest[] = modules): void {
  for (const projection of inlineProjections(eventStore, list)) eventStore.registerInlineProjection(projection);
}
