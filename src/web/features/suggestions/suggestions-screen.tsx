import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { suggestionTransitions } from '../../../domain/suggestions/suggestion.decider';
import { SUGGESTION_STREAM_TYPE, type SuggestionDecisionStatus } from '../../../domain/suggestions/suggestion.events';
import { suggestionStatuses, type SuggestionStatus } from '../../../domain/suggestions/suggestion.schema';
import type { SuggestionView } from '../../../domain/suggestions/suggestions.views';
import { describeError } from '../../lib/error-messages';
import { formatDateTime } from '../../lib/locale';
import { defaultPaging, type PagingState } from '../../lib/paging';
import { useLiveQuery } from '../../lib/use-live-feed';
import { Badge, type Tone } from '../../ui/badge';
import { Button } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { useNotify } from '../../ui/notification-bar';
import { Select, SelectItem } from '../../ui/select';
import { getSuggestionsQueryOptions, useChangeSuggestionStatus, useSuggestions } from './api/suggestions';
import { SuggestImprovementButton } from './components/suggest-improvement-button';
import './suggestions.css';

const tones: Record<SuggestionStatus, Tone> = { SUBMITTED: 'info', ACCEPTED: 'neutral', REJECTED: 'warning', IMPLEMENTED: 'positive' };

const liveTopics = [`type:${SUGGESTION_STREAM_TYPE}`] as const;

const allStatuses = 'ALL';
type StatusFilter = SuggestionStatus | typeof allStatuses;

/** The writers' list of improvement suggestions: newest first, paged, filtered by status; each marked along the allowed transitions. */
export function SuggestionsScreen() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [paging, setPaging] = useState<PagingState>(defaultPaging);
  const [status, setStatus] = useState<StatusFilter>(allStatuses);
  const query = { page: paging.pageIndex + 1, limit: paging.pageSize, status: status === allStatuses ? undefined : status };
  const suggestions = useSuggestions(query);
  // A new suggestion, or another admin marking one: the list follows without a reload.
  useLiveQuery(liveTopics, getSuggestionsQueryOptions(query).queryKey, suggestions);
  const changeStatus = useChangeSuggestionStatus();
  const language = i18n.resolvedLanguage;

  const columns = useMemo<DataTableColumn<SuggestionView>[]>(() => {
    const mark = (row: SuggestionView, next: SuggestionDecisionStatus) =>
      changeStatus.mutate(
        { id: row.id, change: { status: next, version: row.version } },
        {
          onSuccess: () => notify({ severity: 'success', message: t('suggestions.marked', { status: t(`suggestions.statuses.${next}`) }) }),
          onError: (error) => notify({ severity: 'error', message: t('suggestions.markFailed', { reason: describeError(t, error) }) }),
        },
      );
    return [
      { id: 'text', header: t('suggestions.columns.text'), cell: (row) => <span className="suggestion-text">{row.text}</span>, isRowHeader: true },
      { id: 'submittedBy', header: t('suggestions.columns.submittedBy'), cell: (row) => row.submittedBy.name || '–' },
      {
        id: 'station',
        header: t('suggestions.columns.station'),
        cell: (row) => (row.station ? (row.station.name ?? t('suggestions.stationRemoved')) : t('suggestions.fromConsole')),
      },
      { id: 'submittedAt', header: t('suggestions.columns.submittedAt'), cell: (row) => formatDateTime(row.submittedAt, language) },
      {
        id: 'status',
        header: t('suggestions.columns.status'),
        cell: (row) => <Badge tone={tones[row.status]}>{t(`suggestions.statuses.${row.status}`)}</Badge>,
      },
      {
        id: 'actions',
        header: t('suggestions.columns.actions'),
        cell: (row) => (
          <div className="suggestion-actions">
            {suggestionTransitions[row.status].map((next) => (
              <Button
                key={next}
                variant="quiet"
                isDisabled={changeStatus.isPending}
                onPress={() => mark(row, next)}
                aria-label={t(`suggestions.markAs.${next}`) + ': ' + row.text.slice(0, 60)}
              >
                {t(`suggestions.markAs.${next}`)}
              </Button>
            ))}
          </div>
        ),
      },
    ];
  }, [t, language, changeStatus, notify]);

  return (
    <div className="page">
      <div className="page-header">
        <h1>{t('screens.suggestions.title')}</h1>
        <SuggestImprovementButton variant="primary" />
      </div>
      <p className="suggestions-intro">{t('suggestions.intro')}</p>
      <div className="suggestions-filter">
        <Select
          label={t('suggestions.filter')}
          value={status}
          onChange={(key) => {
            setStatus(([allStatuses, ...suggestionStatuses] as const).find((candidate) => candidate === key) ?? allStatuses);
            setPaging((current) => ({ ...current, pageIndex: 0 }));
          }}
          items={[allStatuses, ...suggestionStatuses].map((candidate) => ({ id: candidate }))}
        >
          {(item) => <SelectItem id={item.id}>{item.id === allStatuses ? t('suggestions.allStatuses') : t(`suggestions.statuses.${item.id}`)}</SelectItem>}
        </Select>
      </div>
      <DataTable
        label={t('suggestions.tableLabel')}
        columns={columns}
        rows={suggestions.data?.data ?? []}
        rowId={(row) => row.id}
        total={suggestions.data?.total ?? 0}
        paging={paging}
        onPagingChange={setPaging}
        isLoading={suggestions.isPending}
        error={suggestions.error}
      />
    </div>
  );
}
