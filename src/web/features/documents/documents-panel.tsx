import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentFileName, labelSizes, subjectTypeOf, type DocumentType, type LabelSize } from '../../../domain/documents/documents.schema';
import type { DocumentView } from '../../../domain/documents/documents.views';
import { DOCUMENT_STREAM_TYPE } from '../../../domain/documents/documents.events';
import type { ChangeRight } from '../../../domain/team/rights';
import { can, canChange } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { describeError } from '../../lib/error-messages';
import { useLocaleFormats } from '../../lib/locale';
import { saveFile } from '../../lib/object-url';
import { useChangeRights } from '../../lib/use-change-rights';
import { useLiveQuery } from '../../lib/use-live-feed';
import { Badge, type Tone } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { useNotify } from '../../ui/notification-bar';
import { Select, SelectItem } from '../../ui/select';
import { Spinner } from '../../ui/spinner';
import { downloadDocument, getDocumentsQueryOptions, useDocuments, useRequestDocument } from './api/documents';
import './documents.css';

/** Which change right printing a document of a subject takes (the server's rule); an employee's (a timesheet): a supervisor, or the employee. */
const areaOf = { shipment: 'shipments', material: 'materials', order: 'orders', ncr: 'quality', lot: 'orders' } as const satisfies Record<string, ChangeRight>;

export interface DocumentsPanelProps {
  /** The document types offered, all of one subject type (a shipment's delivery bill, an order's traveler...). */
  types: readonly DocumentType[];
  subjectId: string;
  /** A timesheet's week (any day of it); the panel lists the subject's documents of every week. */
  week?: string;
}

const statusTone: Record<DocumentView['status'], Tone> = { requested: 'info', generated: 'positive', failed: 'error' };

/**
 * The documents of a shipment, a material or an order: a button per document type (a label with
 * its size), the list with who asked when, the print's progress live, and the download.
 */
export function DocumentsPanel({ types, subjectId, week }: DocumentsPanelProps) {
  const { t } = useTranslation();
  const { session } = useAuth();
  const rights = useChangeRights();
  const notify = useNotify();
  const formats = useLocaleFormats();
  const subjectType = subjectTypeOf[types[0]];
  const documents = useDocuments(subjectType, subjectId);
  const topics = useMemo(() => [`type:${DOCUMENT_STREAM_TYPE}` as const], []);
  useLiveQuery(topics, getDocumentsQueryOptions(subjectType, subjectId).queryKey, documents);
  const requestDocument = useRequestDocument();
  const [labelSize, setLabelSize] = useState<LabelSize>('single');
  // A delivery bill "with certificates": the lots' certificate PDFs appended (docs/quality-and-lots.md).
  const [withCertificates, setWithCertificates] = useState(false);
  const mayPrint = subjectType === 'employee' ? can(session, 'write') || session?.userId === subjectId : canChange(session, areaOf[subjectType], rights);

  const print = (type: DocumentType, size: LabelSize = labelSize) =>
    requestDocument.mutate(
      {
        type,
        subjectId,
        labelSize: type === 'material-label' ? size : undefined,
        week: type === 'timesheet' ? week : undefined,
        withCertificates: type === 'delivery-bill' && withCertificates ? true : undefined,
      },
      {
        onSuccess: (document) => notify({ severity: 'info', message: t('documents.requested', { type: t(`documents.types.${document.type}`) }) }),
        onError: (error) => notify({ severity: 'error', message: t('documents.requestFailed', { reason: describeError(t, error) }) }),
      },
    );

  const save = async (document: DocumentView) => {
    try {
      saveFile(await downloadDocument(document), documentFileName(document.type, document.documentNumber));
    } catch (error) {
      notify({ severity: 'error', message: t('documents.downloadFailed', { reason: describeError(t, error) }) });
    }
  };

  const items = documents.data?.items ?? [];
  return (
    <section className="panel documents-panel" aria-labelledby={`documents-heading-${subjectId}`}>
      <h2 id={`documents-heading-${subjectId}`}>{t('documents.title')}</h2>
      {mayPrint ? (
        <div className="documents-actions">
          {types.includes('material-label') ? (
            <Select
              label={t('documents.labelSize')}
              selectedKey={labelSize}
              onSelectionChange={(key) => setLabelSize(key as LabelSize)}
              className="documents-label-size"
            >
              {labelSizes.map((size) => (
                <SelectItem key={size} id={size}>
                  {t(`documents.labelSizes.${size}`)}
                </SelectItem>
              ))}
            </Select>
          ) : null}
          {types.includes('delivery-bill') ? (
            <Checkbox isSelected={withCertificates} onChange={setWithCertificates}>
              {t('documents.withCertificates')}
            </Checkbox>
          ) : null}
          {types.map((type) => (
            <Button key={type} variant="secondary" onPress={() => print(type)} isDisabled={requestDocument.isPending}>
              {t(`documents.print.${type}`)}
            </Button>
          ))}
        </div>
      ) : null}
      {documents.isPending ? <Spinner size="small" /> : null}
      {documents.isError && !documents.data ? <p role="alert">{describeError(t, documents.error)}</p> : null}
      {documents.data && items.length === 0 ? <p className="documents-muted">{t('documents.empty')}</p> : null}
      <ul className="plain-list documents-list" aria-live="polite">
        {items.map((document) => (
          <li key={document.id} className="documents-item">
            <div className="documents-item-title">
              <span>
                {t(`documents.types.${document.type}`)} {document.documentNumber}
                {document.week ? ` · ${t('documents.weekOf', { day: formats.day(document.week) })}` : null}
              </span>
              <Badge tone={statusTone[document.status]}>
                {document.status === 'failed' ? t(`documents.failure.${document.failure ?? 'error'}`) : t(`documents.status.${document.status}`)}
              </Badge>
            </div>
            <span className="documents-muted">
              {document.stationName
                ? t('documents.byStation', {
                    station: document.stationName,
                    name: document.requestedBy?.name ?? '',
                    at: formats.dateTime(document.requestedAt),
                  })
                : t('documents.byUser', { name: document.requestedBy?.name ?? '', at: formats.dateTime(document.requestedAt) })}
            </span>
            {document.status === 'requested' ? (
              <span className="documents-progress" role="status">
                <Spinner size="small" aria-label={t('documents.generating')} />
                {t('documents.generating')}
              </span>
            ) : null}
            {document.status === 'generated' ? (
              <Button
                variant="quiet"
                onPress={() => void save(document)}
                aria-label={t('documents.downloadNamed', { name: `${t(`documents.types.${document.type}`)} ${document.documentNumber}` })}
              >
                {t('documents.download')}
              </Button>
            ) : null}
            {document.status === 'failed' ? <span className="documents-muted">{t('documents.noPdf')}</span> : null}
            {document.status === 'failed' && document.failure === 'error' && mayPrint && types.includes(document.type) ? (
              <Button
                variant="quiet"
                onPress={() => print(document.type, document.labelSize ?? labelSize)}
                isDisabled={requestDocument.isPending}
                aria-label={t('documents.tryAgainNamed', { name: `${t(`documents.types.${document.type}`)} ${document.documentNumber}` })}
              >
                {t('documents.tryAgain')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
