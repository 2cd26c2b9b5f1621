import { useQueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../ui/notification-bar';
import { isApiError } from './api';
import { describeError } from './problem-texts';

export interface VersionedEditOptions<Stored extends { version: number }, Key extends QueryKey> {
  /** The version the record was loaded with; a save names it, the server answers CONFLICT_ERROR when it is stale. */
  version: number;
  /** Reads the stored record (its query options; read fresh, never from the cache). */
  latest: FetchQueryOptions<Stored, Error, Stored, Key>;
  /**
   * The feature's texts: `<texts>.kept`, `<texts>.replaced`, `<texts>.reloadFailed` ({{reason}}), and for
   * the notice (`EditConflict`) `<texts>.text`, `<texts>.keepMine`, `<texts>.discardMine`.
   */
  texts: string;
  /** Takes the stored record: `keepEntries` false means the form starts over from it. */
  onLatest: (latest: Stored, keepEntries: boolean) => void;
}

/**
 * The one versioned-edit conflict flow. A save sends `version`; a CONFLICT_ERROR answer sets
 * `conflict` (the screen shows `FormConflict`), and the user loads the latest version keeping what
 * they typed (the next save names the new version) or discarding it.
 */
export function useVersionedEdit<Stored extends { version: number }, Key extends QueryKey>({
  version: loadedVersion,
  latest,
  texts,
  onLatest,
}: VersionedEditOptions<Stored, Key>) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [version, setVersion] = useState(loadedVersion);
  const [conflict, setConflict] = useState(false);

  const loadLatest = async (keepEntries: boolean) => {
    try {
      const stored = await queryClient.fetchQuery({ ...latest, staleTime: 0 });
      setVersion(stored.version);
      setConflict(false);
      onLatest(stored, keepEntries);
      notify({ severity: 'info', message: t(keepEntries ? `${texts}.kept` : `${texts}.replaced`) });
    } catch (error) {
      notify({ severity: 'error', message: t(`${texts}.reloadFailed`, { reason: describeError(t, error) }) });
    }
  };

  return {
    texts,
    version,
    setVersion,
    conflict,
    /** True when the failed save was a conflict (now shown); false for other failures, which the caller shows. */
    isConflict(error: unknown): boolean {
      const stale = isApiError(error) && error.code === 'CONFLICT_ERROR';
      if (stale) setConflict(true);
      return stale;
    },
    /**
     * Takes the version of a change this user just made elsewhere on the record (a logo upload beside
     * the form): when it is the very next one after the form's, nobody else changed the record between,
     * so the next save is not stale. Otherwise the form keeps its version and a save says so.
     */
    takeOwnChange(saved: { version: number }): void {
      setVersion((current) => (saved.version === current + 1 ? saved.version : current));
    },
    keepEntries: () => void loadLatest(true),
    discardEntries: () => void loadLatest(false),
  };
}

export type VersionedEdit = ReturnType<typeof useVersionedEdit>;
