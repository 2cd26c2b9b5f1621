import { useCallback } from 'react';
import type { ErrorDetail } from '../../../domain/shared/errors';
import { useSchemaForm } from '../../lib/use-schema-form';
import { checkDraft, fieldProblem, type MaterialDraft } from './material-draft';

/**
 * The material form: the console's one form state (`useSchemaForm`) checked with the domain's
 * material schema (the update schema, with the version, when `version` is given). A field's
 * problem names a bill-of-materials cycle the way round.
 */
export function useMaterialForm(initial: () => MaterialDraft, version?: number) {
  const check = useCallback((draft: MaterialDraft) => checkDraft(draft, version), [version]);
  const form = useSchemaForm({ initial, check });
  const { errors } = form;
  return { ...form, problem: (path: string): ErrorDetail | undefined => fieldProblem(errors, path) };
}
