import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { GridList, GridListItem, useDragAndDrop, type DropPosition } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { ErrorDetail } from '../../../../domain/shared/errors';
import { SEQUENCE_MAX_STATIONS } from '../../../../domain/stations/sequence.schema';
import { isApiError } from '../../../lib/api';
import { describeError, translateDetail } from '../../../lib/error-messages';
import { useUnsavedChangesGuard } from '../../../lib/navigation-guard';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { FormError } from '../../../ui/form';
import { useNotify } from '../../../ui/notification-bar';
import { Select, SelectItem } from '../../../ui/select';
import { Spinner } from '../../../ui/spinner';
import { useSaveSequence, useSequence, type SequenceView } from '../api/sequence';
import { useAllStations, type StationView } from '../api/stations';
import {
  addStation,
  chooseStartStation,
  draftDiffers,
  draftOf,
  isDomainRefusal,
  moveStation,
  moveStationTo,
  removeStation,
  saveInputOf,
  type SequenceDraft,
} from '../sequence-draft';

/** Where focus goes after a change: the station's item, or one of its move buttons while it is still usable. */
type FocusTarget = { stationId: string; control: 'item' | 'up' | 'down' };

const keyboardHintId = 'sequence-keyboard-hint';
/** The WIP stage's key in the list: always last, neither dragged nor a place to drop after. */
const wipKey = 'wip';

/**
 * The sequence editor: the company's stations in order, the start station, and WIP as the last
 * stage. Every change is a draft in this browser until Save; Discard drops it.
 */
export function SequenceEditor() {
  const { t } = useTranslation();
  const sequence = useSequence();
  const stations = useAllStations();
  if (sequence.isPending || stations.isPending) return <Spinner aria-label={t('stations.sequence.loading')} />;
  if (sequence.isError || stations.isError) return <FormError error={sequence.error ?? stations.error} />;
  const reload = () => Promise.all([sequence.refetch(), stations.refetch()]);
  return <DraftEditor saved={sequence.data} stations={stations.data} onReload={reload} />;
}

interface DraftEditorProps {
  saved: SequenceView;
  stations: StationView[];
  onReload: () => Promise<unknown>;
}

function DraftEditor({ saved, stations, onReload }: DraftEditorProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = useSaveSequence();
  const [draft, setDraft] = useState<SequenceDraft | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [toAdd, setToAdd] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const focusAfter = useRef<FocusTarget | null>(null);

  const savedDraft = draftOf(saved);
  const current = draft ?? savedDraft;
  const changed = draft !== null && draftDiffers(draft, savedDraft);
  // Leaving the screen with a draft asks first; Save and Discard end the draft and the question with it.
  useUnsavedChangesGuard(changed);
  const names = new Map<string, string>(saved.stages.flatMap((stage) => (stage.kind === 'station' ? [[stage.stationId, stage.name] as const] : [])));
  for (const station of stations) names.set(station.id, station.name);
  const nameOf = (id: string) => names.get(id) ?? id;
  const count = current.stationIds.length;
  const addable = count >= SEQUENCE_MAX_STATIONS ? [] : stations.filter((station) => !current.stationIds.includes(station.id));
  const conflict = isApiError(save.error) && save.error.code === 'CONFLICT_ERROR';

  // The list puts its rows in their new order in a commit of its own, which can take the focus
  // away from a moved row: the focus is set once that has happened, in the next frame.
  useEffect(() => {
    const target = focusAfter.current;
    focusAfter.current = null;
    if (!target) return;
    requestAnimationFrame(() => {
      const item = listRef.current?.querySelector<HTMLElement>(`[data-station-id="${target.stationId}"]`);
      const button = target.control === 'item' ? null : item?.querySelector<HTMLButtonElement>(`[data-move="${target.control}"]`);
      (button && !button.disabled ? button : item)?.focus();
    });
  });

  const change = (next: SequenceDraft, message: string, focus?: FocusTarget) => {
    save.reset();
    setDraft(next);
    setRefusal(null);
    setAnnouncement(message);
    focusAfter.current = focus ?? null;
  };

  const move = (stationId: string, offset: number, control: FocusTarget['control']) => {
    const next = moveStation(current, stationId, offset);
    if (next === current) return;
    const position = next.stationIds.indexOf(stationId) + 1;
    change(next, t('stations.sequence.moved', { station: nameOf(stationId), position, count }), { stationId, control });
  };

  const remove = (stationId: string) => {
    const next = removeStation(current, stationId);
    if (isDomainRefusal(next)) {
      setRefusal(t(`errors.${next.code}`));
      return;
    }
    const index = current.stationIds.indexOf(stationId);
    const neighbour = next.stationIds[Math.min(index, next.stationIds.length - 1)];
    change(next, t('stations.sequence.removed', { station: nameOf(stationId) }), neighbour ? { stationId: neighbour, control: 'item' } : undefined);
  };

  const add = () => {
    if (!toAdd) {
      setRefusal(t('stations.sequence.chooseFirst'));
      return;
    }
    const next = addStation(current, toAdd);
    setToAdd(null);
    change(next, t('stations.sequence.added', { station: nameOf(toAdd), position: next.stationIds.length, count: next.stationIds.length }));
  };

  const chooseStart = (stationId: string) =>
    change(chooseStartStation(current, stationId), t('stations.sequence.startChosen', { station: nameOf(stationId) }), { stationId, control: 'item' });

  const discard = () => {
    save.reset();
    setDraft(null);
    setRefusal(null);
    setAnnouncement(t('stations.sequence.discarded'));
  };

  const reload = async () => {
    await onReload();
    discard();
  };

  const submit = () =>
    save.mutate(saveInputOf(current), {
      onSuccess: () => {
        setDraft(null);
        setAnnouncement('');
        notify({ severity: 'success', message: t('stations.sequence.saved') });
      },
      onError: (error) =>
        notify({
          severity: 'error',
          message: t('stations.sequence.saveFailed', {
            reason: isApiError(error) && error.code === 'CONFLICT_ERROR' ? t('stations.sequence.conflict') : describeError(t, error),
          }),
        }),
    });

  // Alt+Arrow moves the focused station (or the one whose move button has the focus) before the
  // list's own arrow keys move the focus.
  const onListKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    const target = event.target as HTMLElement;
    const stationId = target.closest<HTMLElement>('[data-station-id]')?.dataset.stationId;
    if (!stationId) return;
    event.preventDefault();
    event.stopPropagation();
    const control = target.dataset.move === 'up' ? 'up' : target.dataset.move === 'down' ? 'down' : 'item';
    move(stationId, event.key === 'ArrowUp' ? -1 : 1, control);
  };

  const dropAt = (stationId: string, targetId: string, position: DropPosition) => {
    const next = moveStationTo(current, stationId, targetId, position === 'after' ? 'after' : 'before');
    if (next === current) return;
    change(next, t('stations.sequence.moved', { station: nameOf(stationId), position: next.stationIds.indexOf(stationId) + 1, count }), {
      stationId,
      control: 'item',
    });
  };

  // react-aria's drag and drop: by pointer, and by keyboard and screen reader through each row's drag button.
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].filter((key) => key !== wipKey).map((key) => ({ 'text/plain': nameOf(String(key)) })),
    getDropOperation: (target) => (target.type === 'item' && target.key === wipKey && target.dropPosition !== 'before' ? 'cancel' : 'move'),
    onReorder: (event) => {
      const [stationId] = [...event.keys].map(String);
      if (stationId && stationId !== wipKey) dropAt(stationId, String(event.target.key), event.target.dropPosition);
    },
  });

  const problemOf = (detail: ErrorDetail) => {
    const index = /^stationIds\.(\d+)$/.exec(detail.path)?.[1];
    const text = translateDetail(t, detail);
    return index === undefined ? text : `${nameOf(current.stationIds[Number(index)])}: ${text}`;
  };

  return (
    <div className="sequence-editor">
      <p className="station-form-hint" id={keyboardHintId}>
        {t('stations.sequence.keyboardHint')}
      </p>
      {conflict ? (
        <FormError>
          {t('stations.sequence.conflict')}{' '}
          <Button variant="secondary" onPress={() => void reload()}>
            {t('stations.sequence.reload')}
          </Button>
        </FormError>
      ) : save.error ? (
        <FormError>
          {describeError(t, save.error)}
          {isApiError(save.error) && save.error.details.length > 0 ? (
            <ul>
              {save.error.details.map((detail, index) => (
                <li key={index}>{problemOf(detail)}</li>
              ))}
            </ul>
          ) : null}
        </FormError>
      ) : null}
      {refusal ? <FormError>{refusal}</FormError> : null}
      <div onKeyDownCapture={onListKeyDownCapture}>
        <GridList
          ref={listRef}
          className="plain-list sequence-list"
          aria-label={t('stations.sequence.listLabel')}
          aria-describedby={keyboardHintId}
          keyboardNavigationBehavior="tab"
          dragAndDropHooks={dragAndDropHooks}
          disabledKeys={[wipKey]}
        >
          {current.stationIds.map((stationId, index) => {
            const name = nameOf(stationId);
            const isStart = current.startStationId === stationId;
            return (
              <GridListItem
                key={stationId}
                id={stationId}
                className="sequence-stage"
                data-station-id={stationId}
                data-start={isStart || undefined}
                textValue={t(isStart ? 'stations.sequence.itemStart' : 'stations.sequence.item', { station: name, position: index + 1, count })}
              >
                <span className="sequence-position" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="sequence-name">{name}</span>
                {isStart ? <Badge tone="positive">{t('stations.startStation')}</Badge> : null}
                <span className="sequence-stage-actions">
                  <Button
                    variant="quiet"
                    data-move="up"
                    isDisabled={index === 0}
                    aria-label={t('stations.sequence.moveUpLabel', { station: name })}
                    onPress={() => move(stationId, -1, 'up')}
                  >
                    {t('stations.sequence.moveUp')}
                  </Button>
                  <Button
                    variant="quiet"
                    data-move="down"
                    isDisabled={index === count - 1}
                    aria-label={t('stations.sequence.moveDownLabel', { station: name })}
                    onPress={() => move(stationId, 1, 'down')}
                  >
                    {t('stations.sequence.moveDown')}
                  </Button>
                  {isStart ? null : (
                    <Button variant="quiet" aria-label={t('stations.sequence.makeStartLabel', { station: name })} onPress={() => chooseStart(stationId)}>
                      {t('stations.sequence.makeStart')}
                    </Button>
                  )}
                  <Button variant="quiet" aria-label={t('stations.sequence.removeLabel', { station: name })} onPress={() => remove(stationId)}>
                    {t('stations.sequence.remove')}
                  </Button>
                  <Button slot="drag" variant="quiet" className="sequence-drag" aria-label={t('stations.sequence.dragLabel', { station: name })}>
                    ⠿
                  </Button>
                </span>
              </GridListItem>
            );
          })}
          <WipStage position={count + 1} />
        </GridList>
      </div>
      {count === 0 ? <p className="station-form-none">{t('stations.sequence.empty')}</p> : null}
      <div className="sequence-add">
        <Select
          label={t('stations.sequence.stationToAdd')}
          placeholder={addable.length === 0 ? t('stations.sequence.nothingToAdd') : t('stations.form.choose')}
          value={toAdd}
          onChange={(key) => {
            setToAdd(typeof key === 'string' ? key : null);
            setRefusal(null);
          }}
          items={addable.map((station) => ({ id: station.id, name: station.name }))}
          isDisabled={addable.length === 0}
        >
          {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
        </Select>
        <Button variant="secondary" onPress={add} isDisabled={addable.length === 0}>
          {t('stations.sequence.add')}
        </Button>
      </div>
      <div className="sequence-actions">
        <span className="sequence-state" role="status">
          {changed ? t('stations.sequence.unsaved') : ''}
        </span>
        <Button variant="secondary" onPress={discard} isDisabled={!changed || save.isPending}>
          {t('stations.sequence.discard')}
        </Button>
        <Button onPress={submit} isDisabled={!changed || save.isPending}>
          {t('stations.sequence.save')}
        </Button>
      </div>
      <div className="visually-hidden" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}

/** The WIP stage: always last, not a station; orders wait here between stations and after the last one. */
/** What the WIP stage shows, in the editor's grid and in the operators' plain list alike. */
function WipStageContent({ position }: { position: number }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="sequence-position" aria-hidden="true">
        {position}
      </span>
      <span className="sequence-name">WIP</span>
      <Badge tone="warning">{t('stations.sequence.wipStage')}</Badge>
      <span className="sequence-wip-hint">{t('stations.sequence.wipHint')}</span>
    </>
  );
}

function WipStage({ position }: { position: number }) {
  const { t } = useTranslation();
  return (
    <GridListItem id={wipKey} className="sequence-stage" data-wip textValue={`WIP, ${t('stations.sequence.wipStage')}`}>
      <WipStageContent position={position} />
    </GridListItem>
  );
}

/** The saved line as operators see it: stations in order, the start marked, WIP last. */
export function SequenceLine() {
  const { t } = useTranslation();
  const sequence = useSequence();
  if (sequence.isPending) return <Spinner aria-label={t('stations.sequence.loading')} />;
  if (sequence.isError) return <FormError error={sequence.error} />;
  const stages = sequence.data.stages.filter((stage) => stage.kind === 'station');
  return (
    <ol className="plain-list sequence-list" aria-label={t('stations.sequence.listLabel')}>
      {stages.map((stage, index) =>
        stage.kind === 'station' ? (
          <li key={stage.stationId} className="sequence-stage" data-start={stage.isStartStation || undefined}>
            <span className="sequence-position" aria-hidden="true">
              {index + 1}
            </span>
            <span className="sequence-name">{stage.name}</span>
            {stage.isStartStation ? <Badge tone="positive">{t('stations.startStation')}</Badge> : null}
          </li>
        ) : null,
      )}
      <li className="sequence-stage" data-wip>
        <WipStageContent position={stages.length + 1} />
      </li>
    </ol>
  );
}
