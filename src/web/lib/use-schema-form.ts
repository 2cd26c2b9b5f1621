import { useEffect, useId, useMemo, useState } from 'react';
import type { ErrorDetail } from '../../domain/shared/errors';
import { fieldErrorsFromApiError, type FieldErrors } from './problem-texts';

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

/** The value at a field path (`positions.0.quantity`) of a draft; undefined when the draft has no such field. */
function valueAt(draft: unknown, path: string): unknown {
  let value = draft;
  for (const segment of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/** A copy of `draft` with `value` at a field path; the draft itself when it has no such field. */
function withValueAt<Draft>(draft: Draft, path: string, value: unknown): Draft {
  const [head, ...rest] = path.split('.');
  if (draft === null || typeof draft !== 'object' || !(head in draft)) return draft;
  const inner = rest.length === 0 ? value : withValueAt((draft as Record<string, unknown>)[head], rest.join('.'), value);
  if (Array.isArray(draft)) return draft.map((entry, index) => (String(index) === head ? inner : entry)) as Draft;
  return { ...draft, [head]: inner };
}

// Longer than any text limit of the domain: the check names a text field's limit by refusing it.
const overLongText = 'X'.repeat(100_000);
const tooLongKey = 'validation.maxLength';

/**
 * The most characters the check allows in the text field at `path` (the schema's `max`), read by
 * checking the draft with an over-long text there; undefined for a field that is no text or has no limit.
 */
function textLimitOf<Draft, Valid>(check: (draft: Draft) => DraftCheck<Valid>, draft: Draft, path: string): number | undefined {
  if (typeof valueAt(draft, path) !== 'string') return undefined;
  const probed = check(withValueAt(draft, path, overLongText));
  const detail = probed.ok ? undefined : probed.errors[path];
  return detail?.message === tooLongKey && typeof detail.params?.max === 'number' ? detail.params.max : undefined;
}

/** `textLimitOf` read once per path: a field's limit is the schema's and does not change with what is typed. */
function textLimits<Draft, Valid>(check: (draft: Draft) => DraftCheck<Valid>) {
  const known = new Map<string, number | undefined>();
  return (draft: Draft, path: string): number | undefined => {
    if (!known.has(path)) known.set(path, textLimitOf(check, draft, path));
    return known.get(path);
  };
}

/** The problems of texts longer than their limit: shown while typing, before any save. */
const tooLongOnly = (errors: FieldErrors): FieldErrors => Object.fromEntries(Object.entries(errors).filter(([, detail]) => detail.message === tooLongKey));

// Drafts are plain data (NaN, react-aria's empty number, reads as null on both sides alike).
const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Problems found outside the schema check (the server's, a rule checked apart), with the draft they were found in. */
interface ReportedProblems<Draft> {
  errors: FieldErrors;
  against: Draft;
}

/**
 * A reported problem stays while its field holds the value it was found with: editing the field
 * clears it (its neighbours keep theirs). A path the draft does not have (the input differs from
 * the draft there) clears with any change.
 */
function stillStanding<Draft>({ errors, against }: ReportedProblems<Draft>, draft: Draft): FieldErrors {
  if (draft === against) return errors;
  const standing: FieldErrors = {};
  for (const [path, detail] of Object.entries(errors)) {
    const before = valueAt(against, path);
    const unchanged = before === undefined && valueAt(draft, path) === undefined ? false : sameValue(before, valueAt(draft, path));
    if (unchanged) standing[path] = detail;
  }
  return standing;
}

/**
 * The one form state of the console: a draft checked with the domain schema. Once the user has
 * tried to save, every change is checked again, so a message goes as soon as its field is right
 * and changes with what is typed; a text longer than its limit is said at once, and `limit(path)`
 * (in `field(name)` as `maxChars`) gives the limit a text field counts against while typing. Problems the server found (`showServerProblems`) or a rule
 * checked apart (`showProblems`) stay until their field is edited. Limits in messages read in the
 * user's number format (`validation.max` uses `{{max, number}}`). After a refused save the keyboard
 * lands on the first field that needs attention (put `id={form.scopeId}` on the element around the form).
 */
export function useSchemaForm<Draft, Valid>({ initial, check, showAtOnce = noProblems }: SchemaFormOptions<Draft, Valid>) {
  // The draft and the problems reported on it change together, so a report names the draft it was found in.
  const [{ draft, reported }, setForm] = useState(() => {
    const first = initial();
    return { draft: first, reported: { errors: {}, against: first } as ReportedProblems<Draft> };
  });
  // Counts save attempts: each refused one hands react-aria's <Form> a new problems object, since
  // it hides a field's problem once the field is edited and shows problems only when handed anew.
  const [saveAttempts, setSaveAttempts] = useState(0);
  const [isDirty, setDirty] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const scopeId = useId();

  const checked = useMemo(() => check(draft), [check, draft]);
  const errors = useMemo<FieldErrors>(() => {
    const found = checked.ok ? {} : checked.errors;
    return { ...(saveAttempts > 0 ? found : { ...tooLongOnly(found), ...showAtOnce(found) }), ...stillStanding(reported, draft) };
  }, [checked, saveAttempts, showAtOnce, reported, draft]);
  const limitOf = useMemo(() => textLimits(check), [check]);
  const limit = (path: string): number | undefined => limitOf(draft, path);

  useEffect(() => {
    if (focusRequest > 0) document.getElementById(scopeId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest, scopeId]);

  const change = (next: Draft | ((current: Draft) => Draft)) => {
    setForm((current) => ({ ...current, draft: typeof next === 'function' ? (next as (draft: Draft) => Draft)(current.draft) : next }));
    setDirty(true);
  };

  const showProblems = (problems: FieldErrors) => {
    const onFields = { ...problems };
    // A problem of the whole input names no field; the screen says it above the form.
    delete onFields[''];
    setForm((current) => ({ ...current, reported: { errors: onFields, against: current.draft } }));
    setFocusRequest((count) => count + 1);
  };

  return {
    draft,
    /** The id for the element around the form: a refused save focuses the first field in it that needs attention. */
    scopeId,
    errors,
    isDirty,
    /** True after a save attempt while something is wrong: the form says so above the fields. */
    hasProblems: saveAttempts > 0 && Object.keys(errors).length > 0,
    problem: (path: string): ErrorDetail | undefined => errors[path],
    /** The most characters the schema allows in the text field at `path` (a field shows it while typing); undefined: none. */
    limit,
    change,
    /** Changes some fields of the draft. */
    patch: (fields: Partial<Draft>) => change((current) => ({ ...current, ...fields })),
    /** The props that bind a text field (or any field of one value) to the draft's field `name`, its problem included. */
    field: <Name extends keyof Draft & string>(name: Name) => ({
      name,
      value: draft[name],
      onChange: (value: Draft[Name]) => change((current) => ({ ...current, [name]: value })),
      errorDetail: errors[name],
      maxChars: limit(name),
    }),
    /** The checked value to send, or undefined after showing what is wrong. */
    submit(): Valid | undefined {
      setSaveAttempts((count) => count + 1);
      if (checked.ok) return checked.value;
      setFocusRequest((count) => count + 1);
      return undefined;
    },
    /** Shows problems found apart from the check (a part of the input checked on its own), until their field is edited. */
    showProblems,
    /** Shows the server's `details` on their fields, until each is edited. */
    showServerProblems: (error: unknown) => showProblems(fieldErrorsFromApiError(error)),
    /** Starts over from `next` (the stored record), forgetting what was typed. */
    reset(next: Draft) {
      setForm({ draft: next, reported: { errors: {}, against: next } });
      setSaveAttempts(0);
      setDirty(false);
    },
  };
}
