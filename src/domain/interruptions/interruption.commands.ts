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
      at: string;
    }
  | { type: 'ResolveInterruption'; interruptionId: string; note: string; resolvedBy: string; at: string };
