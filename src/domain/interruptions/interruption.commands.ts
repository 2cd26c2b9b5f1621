import type { EventData } from '../shared/decider.js';
import type { InterruptionEvent } from './interruption.events.js';

/** What users ask of a station's interruptions; ids, names and the moment arrive on the command. */
export type InterruptionCommand =
  | ({
      type: 'ReportInterruption';
      /** When it is expected to be resolved (ISO), if the reporter knows. */
      expectedEndAt: string | null;
    } & EventData<InterruptionEvent, 'InterruptionReported'>)
  | { type: 'ResolveInterruption'; interruptionId: string; note: string; resolvedBy: string; at: string }
  | { type: 'SetExpectedEnd'; interruptionId: string; expectedEndAt: string | null; setBy: string; at: string };
