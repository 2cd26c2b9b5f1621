import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { payrollQuerySchema } from '../../../../domain/labour/labour.schema';
import { describeError, validateInput } from '../../../lib/error-messages';
import { saveFile } from '../../../lib/object-url';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { Button } from '../../../ui/button';
import { Form } from '../../../ui/form';
import { NativeTextField } from '../../../ui/native-fields';
import { useNotify } from '../../../ui/notification-bar';
import { downloadPayroll, downloadTimesheetCsv } from '../api/labour';
import { addDays, today } from './format';

/** The column names' language of a CSV: the reader's (German or English). */
const csvLanguageOf = (language: string | undefined) => (language?.startsWith('de') ? 'de' : 'en');

/** "Timesheet (CSV)": the chosen person's week as a CSV file (the PDF is a document beside it). */
export function TimesheetCsvButton({ userId, week }: { userId: string; week: string }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await downloadTimesheetCsv(userId, week, csvLanguageOf(i18n.resolvedLanguage)), `timesheet-${week}.csv`);
    } catch (error) {
      notify({ severity: 'error', message: t('labour.exports.failed', { reason: describeError(t, error) }) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onPress={() => void download()} isDisabled={busy}>
      {t('labour.exports.timesheetCsv')}
    </Button>
  );
}

interface PayrollDraft {
  from: string;
  to: string;
}

/** The payroll export (supervisors): hours per employee and day from one day to another, as CSV. */
export function PayrollExport() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const lang = csvLanguageOf(i18n.resolvedLanguage);
  const check = useCallback((draft: PayrollDraft) => validateInput(payrollQuerySchema, { ...draft, lang }), [lang]);
  const form = useSchemaForm({ initial: (): PayrollDraft => ({ from: addDays(today(), -30), to: today() }), check });
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = form.submit();
    if (!query) return;
    setBusy(true);
    try {
      saveFile(await downloadPayroll(query), `payroll-${query.from}-${query.to}.csv`);
    } catch (error) {
      form.showServerProblems(error);
      notify({ severity: 'error', message: t('labour.exports.failed', { reason: describeError(t, error) }) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="panel labour-panel" aria-labelledby="labour-payroll">
      <h2 id="labour-payroll">{t('labour.exports.payrollTitle')}</h2>
      <p className="form-note">{t('labour.exports.payrollIntro')}</p>
      <Form onSubmit={(event) => void submit(event)} aria-labelledby="labour-payroll" className="labour-payroll-form">
        <NativeTextField
          name="from"
          type="date"
          label={t('labour.exports.from')}
          isRequired
          value={form.draft.from}
          onChange={(from) => form.patch({ from })}
          errorDetail={form.problem('from')}
        />
        <NativeTextField
          name="to"
          type="date"
          label={t('labour.exports.to')}
          isRequired
          value={form.draft.to}
          onChange={(to) => form.patch({ to })}
          errorDetail={form.problem('to')}
        />
        <Button type="submit" isDisabled={busy}>
          {t('labour.exports.payrollCsv')}
        </Button>
      </Form>
    </section>
  );
}
