import { DomainError } from '../../../domain/shared/errors';
import { startStationCannotBeDeleted } from '../../../domain/stations/station.decider';

/**
 * The sequence editor's working copy: reorder, add and remove change only this, in the browser,
 * until Save sends it with the version it was made on (docs/stations.md, "Drafts stay in the browser").
 */
export interface SequenceDraft {
  stationIds: string[];
  startStationId: string | null;
  /** The saved sequence's version the draft started from; a save on an older one is a conflict. */
  version: number;
}

export const draftOf = (saved: { stationIds: readonly string[]; startStationId: string | null; version: number }): SequenceDraft => ({
  stationIds: [...saved.stationIds],
  startStationId: saved.startStationId,
  version: saved.version,
});

/** Whether the draft differs from the saved sequence, so Save and Discard have something to do. */
export const draftDiffers = (draft: SequenceDraft, saved: SequenceDraft): boolean =>
  draft.startStationId !== saved.startStationId ||
  draft.stationIds.length !== saved.stationIds.length ||
  draft.stationIds.some((id, index) => saved.stationIds[index] !== id);

/** Moves a station by `offset` places (-1 up, +1 down); a move past either end changes nothing. */
export function moveStation(draft: SequenceDraft, stationId: string, offset: number): SequenceDraft {
  const from = draft.stationIds.indexOf(stationId);
  const to = from + offset;
  if (from < 0 || to < 0 || to >= draft.stationIds.length) return draft;
  return { ...draft, stationIds: placeAt(draft.stationIds, from, to) };
}

/**
 * Moves a station before or after another (drag and drop); a target that is not a station of the
 * line (WIP) means the end of the line.
 */
export function moveStationTo(draft: SequenceDraft, stationId: string, targetId: string, side: 'before' | 'after'): SequenceDraft {
  const from = draft.stationIds.indexOf(stationId);
  if (from < 0 || stationId === targetId) return draft;
  const rest = draft.stationIds.filter((id) => id !== stationId);
  const target = rest.indexOf(targetId);
  const at = target < 0 ? rest.length : side === 'after' ? target + 1 : target;
  if (at === from) return draft;
  return { ...draft, stationIds: [...rest.slice(0, at), stationId, ...rest.slice(at)] };
}

function placeAt(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** Adds a station at the end of the line (before WIP). The first station of an empty line is its start. */
export function addStation(draft: SequenceDraft, stationId: string): SequenceDraft {
  if (draft.stationIds.includes(stationId)) return draft;
  return { ...draft, stationIds: [...draft.stationIds, stationId], startStationId: draft.startStationId ?? stationId };
}

/**
 * Takes a station out of the line. The start station stays (`startStationCannotBeDeleted`): choose
 * another start first. Only when it is the last station may it go, leaving an empty line with no start.
 */
export function removeStation(draft: SequenceDraft, stationId: string): SequenceDraft | DomainError {
  const isLastStation = draft.stationIds.length === 1 && draft.stationIds[0] === stationId;
  const refused = isLastStation ? null : startStationCannotBeDeleted(stationId, draft);
  if (refused) return refused;
  return {
    ...draft,
    stationIds: draft.stationIds.filter((id) => id !== stationId),
    startStationId: isLastStation ? null : draft.startStationId,
  };
}

export function chooseStartStation(draft: SequenceDraft, stationId: string): SequenceDraft {
  return draft.stationIds.includes(stationId) ? { ...draft, startStationId: stationId } : draft;
}

/** What `PUT /api/stations/sequence` receives: the start station always named, null only for an empty line. */
export const saveInputOf = (draft: SequenceDraft) => ({
  stationIds: draft.stationIds,
  startStationId: draft.stationIds.length === 0 ? null : draft.startStationId,
  version: draft.version,
});

export const isDomainRefusal = (value: SequenceDraft | DomainError): value is DomainError => value instanceof DomainError;
