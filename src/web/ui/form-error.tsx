import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../lib/problem-texts';

/** A failure of the whole form (not of one field), e.g. a conflict or a lost connection. */
export function FormError({ error, children }: { error?: unknown; children?: ReactNode }) {
  const { t } = useTranslation();
  if (!error && !children) return null;
  return (
    <div role="alert" className="form-error">
      {children ?? describeError(t, error)}
    </div>
  );
}
