import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importColumns, importKinds, type ImportKind, type ImportMapping } from '../../../domain/imports/imports.schema';
import type { ImportDryRun, ImportRowResult } from '../../../domain/imports/imports.views';
import { describeError, translateDetail } from '../../lib/error-messages';
import { saveFile } from '../../lib/object-url';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { FilePicker } from '../../ui/file-picker';
import { FormError } from '../../ui/form-error';
import { useNotify } from '../../ui/notification-bar';
import { ProgressBar } from '../../ui/progress-bar';
import { Select, SelectItem } from '../../ui/select';
import { Spinner } from '../../ui/spinner';
import { materialsKey, ordersKey, usersKey } from '../../lib/resources/keys';
import { base64Of, downloadImportFile, useDryRunImport, useImport, useStartImport } from './api/imports';
import './imports.css';

/** The option of a mapping select that leaves a field empty. */
const notImported = '\u0000none';

/**
 * The import screen (issue 31): pick a kind and a CSV file, see how its columns are mapped (and
 * change it), the dry run's result of every row with errors by line and column, then import it as
 * one job whose progress and report follow here.
 */
export function ImportScreen({ initialKind = 'materials' }: { initialKind?: ImportKind }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const notify = useNotify();
  const [kind, setKind] = useState<ImportKind>(initialKind);
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [mapping, setMapping] = useState<ImportMapping | undefined>(undefined);
  const [importId, setImportId] = useState<string | null>(null);
  const dryRun = useDryRunImport();
  const start = useStartImport();
  const run = useImport(importId);
  const queryClient = useQueryClient();
  const { mutate: check, reset: resetCheck } = dryRun;

  useEffect(() => {
    if (file) check({ kind, file: { fileName: file.name, content: file.content, mapping } });
  }, [check, kind, file, mapping]);

  const status = run.data?.status;
  const importedKind = run.data?.kind;
  useEffect(() => {
    if (status !== 'DONE' || !importedKind) return;
    void queryClient.invalidateQueries({ queryKey: importedKind === 'orders' ? ordersKey : importedKind === 'team' ? usersKey : materialsKey });
  }, [queryClient, status, importedKind]);

  const pick = async (picked: File) => {
    setImportId(null);
    setMapping(undefined);
    try {
      setFile({ name: picked.name, content: await base64Of(picked) });
    } catch (error) {
      notify({ severity: 'error', message: describeError(t, error) });
    }
  };

  const download = async (path: string, fileName: string) => {
    try {
      saveFile(await downloadImportFile(path, language), fileName);
    } catch (error) {
      notify({ severity: 'error', message: t('imports.downloadFailed', { reason: describeError(t, error) }) });
    }
  };

  const changeKind = (next: ImportKind) => {
    setKind(next);
    setMapping(undefined);
    setImportId(null);
    resetCheck();
  };

  const plan = dryRun.data;
  return (
    <div className="page import-screen">
      <div className="page-header">
        <h1>{t('screens.importData.title')}</h1>
      </div>
      <p>{t('imports.intro')}</p>
      <div className="import-toolbar">
        <Select label={t('imports.kind')} selectedKey={kind} onSelectionChange={(key) => changeKind(key as ImportKind)}>
          {importKinds.map((option) => (
            <SelectItem key={option} id={option}>
              {t(`imports.kinds.${option}`)}
            </SelectItem>
          ))}
        </Select>
        <Button
          variant="secondary"
          onPress={() => void download(`/imports/${kind}/template.csv`, t('imports.templateFileName', { kind: t(`imports.kinds.${kind}`) }))}
        >
          {t('imports.template')}
        </Button>
        <FilePicker acceptedFileTypes={['text/csv', '.csv', 'text/plain']} onSelect={(picked) => void pick(picked)}>
          {file ? t('imports.otherFile') : t('imports.chooseFile')}
        </FilePicker>
      </div>
      {file ? <p className="import-file">{t('imports.file', { name: file.name })}</p> : null}
      {!file ? (
        <EmptyState title={t('imports.empty.title')}>
          <p>{t('imports.empty.text')}</p>
        </EmptyState>
      ) : null}
      {dryRun.isPending ? <Spinner aria-label={t('imports.checking')} /> : null}
      {dryRun.isError ? <FormError error={dryRun.error} /> : null}
      {plan && file && !dryRun.isPending ? (
        <>
          <MappingTable plan={plan} language={language} onChange={(field, header) => setMapping({ ...plan.mapping, [field]: header })} />
          <DryRunResults plan={plan} />
          <section aria-labelledby="import-run" className="import-run">
            <h2 id="import-run">{t('imports.run.heading')}</h2>
            {plan.errorCount > 0 ? <p role="alert">{t('imports.run.fixFirst', { count: plan.errorCount })}</p> : null}
            <Button
              isDisabled={plan.errorCount > 0 || plan.rows.length === 0 || start.isPending || status === 'PENDING' || status === 'RUNNING'}
              onPress={() =>
                start.mutate(
                  { kind, file: { fileName: file.name, content: file.content, mapping: plan.mapping } },
                  { onSuccess: (started) => setImportId(started.id) },
                )
              }
            >
              {t('imports.run.action', { count: plan.rows.length })}
            </Button>
            {start.isError ? <FormError error={start.error} /> : null}
            {run.data ? (
              <div aria-live="polite" className="import-progress">
                <ProgressBar label={t('imports.run.progress')} value={run.data.progress} />
                {status === 'DONE' ? <p>{t('imports.run.done', { count: run.data.rowCount })}</p> : null}
                {status === 'FAILED' ? <p role="alert">{t('imports.run.failed')}</p> : null}
                {run.data.reportPath ? (
                  <Button variant="secondary" onPress={() => void download(run.data.reportPath ?? '', t('imports.reportFileName'))}>
                    {t('imports.run.report')}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </section>
        </>
      ) : null}
    </div>
  );
}

/** Which column of the file fills which field: a select per field with the file's headers. */
function MappingTable({ plan, language, onChange }: { plan: ImportDryRun; language: 'en' | 'de'; onChange: (field: string, header: string | null) => void }) {
  const { t } = useTranslation();
  const headers = [...new Set(plan.headers.filter((header) => header.trim() !== ''))];
  return (
    <section aria-labelledby="import-mapping">
      <h2 id="import-mapping">{t('imports.mapping.heading')}</h2>
      <p>{t('imports.mapping.reading', { encoding: plan.encoding, separator: plan.separator })}</p>
      <div className="import-mapping">
        {importColumns[plan.kind].map((column) => (
          <Select
            key={column.field}
            label={column.required ? t('imports.mapping.required', { field: column[language] }) : column[language]}
            selectedKey={plan.mapping[column.field] ?? notImported}
            onSelectionChange={(key) => onChange(column.field, key === notImported ? null : String(key))}
          >
            {[
              <SelectItem key={notImported} id={notImported}>
                {t('imports.mapping.none')}
              </SelectItem>,
              ...headers.map((header) => (
                <SelectItem key={header} id={header}>
                  {header}
                </SelectItem>
              )),
            ]}
          </Select>
        ))}
      </div>
    </section>
  );
}

/** Every row's result of the dry run, errors by line and column in the user's language. */
function DryRunResults({ plan }: { plan: ImportDryRun }) {
  const { t } = useTranslation();
  const errorText = (row: ImportRowResult) =>
    row.errors.map(
      (error) =>
        `${error.column ?? t('imports.results.wholeRow')}: ${translateDetail(t, { path: error.field ?? '', message: error.message, params: error.params })}`,
    );
  return (
    <section aria-labelledby="import-results">
      <h2 id="import-results">{t('imports.results.heading')}</h2>
      <p>{t('imports.results.summary', { ok: plan.okCount, errors: plan.errorCount })}</p>
      {plan.rows.length === 0 ? (
        <p>{t('imports.results.noRows')}</p>
      ) : (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable (WCAG 2.1.1)
        <div className="data-table-scroll import-results" tabIndex={0} role="region" aria-label={t('imports.results.heading')}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('imports.results.line')}</th>
                <th scope="col">{t('imports.results.result')}</th>
                <th scope="col">{t('imports.results.record')}</th>
                <th scope="col">{t('imports.results.errors')}</th>
              </tr>
            </thead>
            <tbody>
              {plan.rows.map((row) => (
                <tr key={row.line} data-status={row.status}>
                  <th scope="row">{row.line}</th>
                  <td>{t(`imports.results.status.${row.status}`)}</td>
                  <td>{row.label}</td>
                  <td>
                    {errorText(row).map((text) => (
                      <div key={text}>{text}</div>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
