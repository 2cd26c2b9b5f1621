import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientView } from '../../domain/clients/clients.views';
import type { ErrorDetail } from '../../domain/shared/errors';
import { Button } from '../ui/button';
import { SearchPicker, useSearchInput, type PickerChoice } from '../ui/search-picker';
import { clientsQueryOptions } from './reference-data';

interface ClientChoice extends PickerChoice {
  client: ClientView | null;
}

export interface ClientPickerProps {
  /** The linked client (its id, and the name to show), or none. */
  value: { id: string; name: string } | null;
  /** A client was chosen (the form fills its name and address, which stay editable), or the link removed (null). */
  onPick: (client: ClientView | null) => void;
  /** The form's problem with the link (a client removed meanwhile). */
  errorDetail?: ErrorDetail;
  /** What choosing does in this form; by default that it fills name and address. */
  description?: string;
}

/**
 * Picks a client of the company's customer directory (docs/clients.md) in the order and shipment
 * forms: found by name or contact person as the user types. The form's own fields stay the record's
 * copy, so typing a name and address freely still works without choosing anyone.
 */
export function ClientPicker({ value, onPick, errorDetail, description }: ClientPickerProps) {
  const { t } = useTranslation();
  const chosen = useMemo<ClientChoice | null>(() => (value ? { id: value.id, label: value.name, client: null } : null), [value]);
  const input = useSearchInput(chosen);
  const clients = useQuery(clientsQueryOptions(input.search));
  const found = useMemo<ClientChoice[]>(() => (clients.data?.data ?? []).map((client) => ({ id: client.id, label: client.name, client })), [clients.data]);
  return (
    <div className="client-picker">
      <SearchPicker
        label={t('clients.picker.label')}
        description={clients.isError ? t('clients.picker.failed') : (description ?? t('clients.picker.hint'))}
        value={chosen}
        input={input}
        found={found}
        errorDetail={errorDetail}
        onChange={(choice) => {
          if (choice?.client) onPick(choice.client);
        }}
      />
      {value ? (
        <Button
          variant="secondary"
          aria-label={t('clients.picker.unlinkNamed', { name: value.name })}
          onPress={() => {
            input.setInputValue('');
            onPick(null);
          }}
        >
          {t('clients.picker.unlink')}
        </Button>
      ) : null}
    </div>
  );
}
