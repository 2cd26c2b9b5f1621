/** What users ask of a station's interruptions; ids, names and the moment arrive on the command. */
export type InterruptionCommand =
  | {
      type: 'ReportInterruption';
      interruptionId: string;
      stationId: string;
      orderId: string | null;
      reasonId: string;
      reasonName: string;
      note: string;
      reportedBy: string;
      /** When it is expected to be resolved (ISO), if the reporter knows. */
      expectedEndAt: string | null;
      at: string;
    }
  | { type: 'ResolveInterruption'; interruptionId: string; note: string; resolvedBy: string; at: string }
  | { type: 'SetExpectedEnd'; interruptionId: string; expectedEndAt: string | null; setBy: string; at: string };
