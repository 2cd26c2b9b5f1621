import { useCallback, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { machineFormats, machineLinkSchema, type MachineFormat } from '../../../../domain/machines/machines.schema';
import type { MachineLinkView } from '../../../../domain/machines/machines.views';
import { describeError, formWideError, validateInput } from '../../../lib/error-messages';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions } from '../../../ui/dialog';
import { Form, FormError } from '../../../ui/form';
import { useNotify } from '../../../ui/notification-bar';
import { Select, SelectItem } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import { useLinkChoices, useSaveMachineLink } from '../api/machines';

/** The Select's key for "no reason". */
const NONE = 'none';

interface LinkDraft {
  stationId: string;
  topic: string;
  format: MachineFormat;
  scrapReasonId: string;
  defaultStopReasonId: string;
  stopReasons: { code: string; reasonId: string }[];
}

const draftOf = (link: MachineLinkView | null): LinkDraft => ({
  stationId: link?.stationId ?? '',
  topic: link?.topic ?? '',
  format: link?.format ?? 'json',
  scrapReasonId: link?.scrapReasonId ?? NONE,
  defaultStopReasonId: link?.defaultStopReasonId ?? NONE,
  stopReasons: link?.stopReasons ?? [],
});

const orNull = (id: string) => (id === NONE || id === '' ? null : id);
const inputOf = (draft: LinkDraft) => ({
  topic: draft.topic,
  format: draft.format,
  scrapReasonId: orNull(draft.scrapReasonId),
  defaultStopReasonId: orNull(draft.defaultStopReasonId),
  stopReasons: draft.stopReasons,
});

interface MachineLinkDialogProps {
  /** The link to change, 'new' to link a station, null: closed. */
  link: MachineLinkView | 'new' | null;
  /** Stations linked already (a new link offers the others). */
  linkedStationIds: readonly string[];
  onClose: () => void;
}

/** Links a station to its machine's topic: format, scrap reason, and the stop codes' interruption reasons. */
export function MachineLinkDialog({ link, linkedStationIds, onClose }: MachineLinkDialogProps) {
  const { t } = useTranslation();
  const isOpen = link !== null;
  const existing = link === 'new' ? null : link;
  return (
    <Dialog
      title={existing ? t('machines.links.editTitle', { station: existing.stationName ?? existing.topic }) : t('machines.links.addTitle')}
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
    >
      {isOpen ? <LinkForm key={existing?.stationId ?? 'new'} link={existing} linkedStationIds={linkedStationIds} onDone={onClose} /> : null}
    </Dialog>
  );
}

function LinkForm({ link, linkedStationIds, onDone }: { link: MachineLinkView | null; linkedStationIds: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = useSaveMachineLink();
  const choices = useLinkChoices(true);
  const check = useCallback((draft: LinkDraft) => {
    const checked = validateInput(machineLinkSchema, inputOf(draft));
    if (!draft.stationId)
      return { ok: false as const, errors: { ...(checked.ok ? {} : checked.errors), stationId: { path: 'stationId', message: 'validation.required' } } };
    return checked;
  }, []);
  const form = useSchemaForm({ initial: () => draftOf(link), check });
  const stations = choices.stations.filter((station) => station.id === link?.stationId || !linkedStationIds.includes(station.id));
  const reasonItems = (entries: { id: string; name: string }[]) => [{ id: NONE, name: t('machines.fields.noReason') }, ...entries];
  const setRow = (index: number, row: Partial<LinkDraft['stopReasons'][number]>) =>
    form.patch({ stopReasons: form.draft.stopReasons.map((current, at) => (at === index ? { ...current, ...row } : current)) });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    save.mutate(
      { stationId: form.draft.stationId, link: checked },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t('machines.links.saved') });
          onDone();
        },
        onError: (error) => {
          form.showServerProblems(error);
          notify({ severity: 'error', message: t('machines.links.failed', { reason: describeError(t, error) }) });
        },
      },
    );
  };

  return (
    <Form
      id={form.scopeId}
      className="machines-link-form"
      onSubmit={submit}
      aria-label={link ? t('machines.links.editTitle', { station: link.stationName ?? link.topic }) : t('machines.links.addTitle')}
    >
      <FormError error={formWideError(save.error)} />
      <Select
        label={t('machines.fields.station')}
        isRequired
        isDisabled={link !== null}
        value={form.draft.stationId || null}
        onChange={(key) => form.patch({ stationId: String(key) })}
        items={stations}
        errorDetail={form.problem('stationId')}
      >
        {(station) => <SelectItem id={station.id}>{station.name}</SelectItem>}
      </Select>
      <TextField label={t('machines.fields.topic')} description={t('machines.links.topicHint')} isRequired {...form.field('topic')} />
      <Select
        label={t('machines.fields.format')}
        value={form.draft.format}
        onChange={(key) => form.patch({ format: machineFormats.find((format) => format === key) ?? 'json' })}
        items={machineFormats.map((format) => ({ id: format }))}
        description={t(`machines.formatHints.${form.draft.format}`)}
      >
        {(item) => <SelectItem id={item.id}>{t(`machines.formats.${item.id}`)}</SelectItem>}
      </Select>
      <Select
        label={t('machines.fields.scrapReason')}
        description={t('machines.links.scrapHint')}
        value={form.draft.scrapReasonId}
        onChange={(key) => form.patch({ scrapReasonId: String(key) })}
        items={reasonItems(choices.scrapReasons)}
        errorDetail={form.problem('scrapReasonId')}
      >
        {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
      </Select>
      <fieldset className="machines-codes">
        <legend>{t('machines.fields.stopCodes')}</legend>
        <p className="machines-muted">{t('machines.links.codesHint')}</p>
        {form.draft.stopReasons.map((row, index) => (
          <div className="machines-code-row" key={index}>
            <TextField
              label={t('machines.fields.code')}
              isRequired
              value={row.code}
              onChange={(code) => setRow(index, { code })}
              errorDetail={form.problem(`stopReasons.${index}.code`)}
            />
            <Select
              label={t('machines.fields.stopReason')}
              isRequired
              value={row.reasonId || null}
              onChange={(key) => setRow(index, { reasonId: String(key) })}
              items={choices.stopReasons}
              errorDetail={form.problem(`stopReasons.${index}.reasonId`)}
            >
              {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
            </Select>
            <Button
              variant="quiet"
              aria-label={t('machines.links.removeCodeNamed', { code: row.code || String(index + 1) })}
              onPress={() => form.patch({ stopReasons: form.draft.stopReasons.filter((_, at) => at !== index) })}
            >
              {t('machines.links.removeCode')}
            </Button>
          </div>
        ))}
        <Button variant="secondary" onPress={() => form.patch({ stopReasons: [...form.draft.stopReasons, { code: '', reasonId: '' }] })}>
          {t('machines.links.addCode')}
        </Button>
        <Select
          label={t('machines.fields.defaultStopReason')}
          description={t('machines.links.defaultHint')}
          value={form.draft.defaultStopReasonId}
          onChange={(key) => form.patch({ defaultStopReasonId: String(key) })}
          items={reasonItems(choices.stopReasons)}
          errorDetail={form.problem('defaultStopReasonId')}
        >
          {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
        </Select>
      </fieldset>
      <DialogActions>
        <Button variant="secondary" onPress={onDone}>
          {t('common.actions.cancel')}
        </Button>
        <Button type="submit" isDisabled={save.isPending}>
          {t('machines.links.save')}
        </Button>
      </DialogActions>
    </Form>
  );
}
