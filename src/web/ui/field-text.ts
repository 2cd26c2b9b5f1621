import { useTranslation } from 'react-i18next';
import type { ErrorDetail } from '../../domain/shared/errors';
import { translateDetail } from '../lib/problem-texts';

/** Props every field of the design system shares on top of its RAC props. */
export interface FieldBaseProps {
  /** Visible label, already translated. */
  label?: string;
  /** Help text under the field, already translated. */
  description?: string;
  /**
   * The field's problem from a domain schema (`fieldErrorsFromIssues`) or the server
   * (`fieldErrorsFromApiError`); shown translated and marks the field invalid.
   */
  errorDetail?: ErrorDetail;
  /** The most characters a text field takes (the schema's limit, `useSchemaForm`'s `limit`): counted under it while typing. */
  maxChars?: number;
}

/** The description under a text field with its character count against `maxChars` ("7/10 characters"), or the description alone. */
export function useCountedDescription(description: string | undefined, value: string | undefined, maxChars: number | undefined): string | undefined {
  const { t } = useTranslation();
  if (maxChars === undefined) return description;
  const count = t('validation.characterCount', { length: (value ?? '').length, max: maxChars });
  return description ? `${description} ${count}` : count;
}

/** The translated text of a field's problem, or undefined when there is none. */
export function useDetailText(detail: ErrorDetail | undefined): string | undefined {
  const { t } = useTranslation();
  return detail ? translateDetail(t, detail) : undefined;
}
