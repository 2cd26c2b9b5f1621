import { useQueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorDetail } from '../../domain/shared/errors';
import { useNotify } from '../ui/notification-bar';
import { isApiError } from './api';
import { describeError, fieldErrorsFromApiError, type FieldErrors } from './error-messages';

/** What a form's check answers: the domain schema's output, or the problems by field path. */
export type DraftCheck<Valid> = { ok: true; value: Valid } | { ok: false; errors: FieldErrors };

export interface SchemaFormOptions<Draft, Valid> {
  /** The first draft (read once). */
  initial: () => Draft;
  /**
   * Checks a draft with the domain schema the server uses (`validateInput(schema, inputOf(draft))`).
   * Keep it stable (`useCallback`): it runs again when it changes.
   */
  check: (draft: Draft) => DraftCheck<Valid>;
  /** Problems shown before the first save, e.g. a rule broken by a click; none by default. */
  showAtOnce?: (errors: FieldErrors) => FieldErrors;
}

const noProblems = (): FieldErrors => ({});

/**
 * The one form state of the console: a draft checked with the domain schema. Once the user has
 * tried to save, every change is checked again, so a message goes as soon as its field is right.
 * Problems the server found (`fieldErrorsFromApiError`) stay until the next change. After a refused
 * save the keyboard lands on the first field that needs attention (put `containerRef` on the element
 * around the form).
 */
export function useSchemaForm<Draft, Valid>({ initial, check, showAtOnce = noProblems }: SchemaFormOptions<Draft, Valid>) {
  const [draft, setDraft] = useState(initial);
  const [triedToSave, setTriedToSave] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [isDirty, setDirty] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);

  const checked = useMemo(() => check(draft), [check, draft]);
  const errors = useMemo<FieldErrors>(() => {
    const found = checked.ok ? {} : checked.errors;
    return { ...(triedToSave ? found : showAtOnce(found)), ...serverErrors };
  }, [checked, triedToSave, showAtOnce, serverErrors]);

  useEffect(() => {
    if (focusRequest > 0) containerRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const change = (next: Draft | ((current: Draft) => Draft)) => {
    setDraft(next);
    setServerErrors({});
    setDirty(true);
  };

  return {
    draft,
    containerRef,
    errors,
    isDirty,
    /** True after a save attempt while something is wrong: the form says so above the fields. */
    hasProblems: triedToSave && Object.keys(errors).length > 0,
    problem: (path: string): ErrorDetail | undefined => errors[path],
    change,
    /** Changes some fields of the draft. */
    patch: (fields: Partial<Draft>) => change((current) => ({ ...current, ...fields })),
    /** The checked value to send, or undefined after showing what is wrong. */
    submit(): Valid | undefined {
      setTriedToSave(true);
      if (checked.ok) return checked.value;
      setFocusRequest((count) => count + 1);
      return undefined;
    },
    /** Shows the server's `details` on their fields. */
    showServerProblems(error: unknown) {
      setServerErrors(fieldErrorsFromApiError(error));
      setFocusRequest((count) => count + 1);
    },
    /** Starts over from `next` (the stored record), forgetting what was typed. */
    reset(next: Draft) {
      setDraft(next);
      setTriedToSave(false);
      setServerErrors({});
      setDirty(false);
    },
  };
}

export interface VersionedEditOptions<Stored extends { version: number }, Key extends QueryKey> {
  /** The version the record was loaded with; a save names it, the server answers CONFLICT_ERROR when it is stale. */
  version: number;
  /** Reads the stored record (its query options; read fresh, never from the cache). */
  latest: FetchQueryOptions<Stored, Error, Stored, Key>;
  /** The feature's texts: `<texts>.kept`, `<texts>.replaced`, `<texts>.reloadFailed` ({{reason}}). */
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
    version,
    setVersion,
    conflict,
    /** True when the failed save was a conflict (now shown); false for other failures, which the caller shows. */
    isConflict(error: unknown): boolean {
      const stale = isApiError(error) && error.code === 'CONFLICT_ERROR';
      if (stale) setConflict(true);
      return stale;
    },
    keepEntries: () => void loadLatest(true),
    discardEntries: () => void loadLatest(false),
  };
}
