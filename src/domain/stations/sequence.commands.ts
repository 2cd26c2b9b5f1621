/** Intents on a company's station sequence. `at` is the ISO time the command was given. */
export type SequenceCommand = {
  type: 'SaveSequence';
  stationIds: readonly string[];
  /** Absent: keep the saved start station, or take the first station when there is none. */
  startStationId?: string | null;
  /** Ids of the company's stations that exist now; anything else is unknown. */
  existingStationIds: readonly string[];
  at: string;
};
