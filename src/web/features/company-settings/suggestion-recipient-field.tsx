import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserView } from '../../../domain/identity/identity.views';
import type { ErrorDetail } from '../../../domain/shared/errors';
import { usersKey } from '../../lib/resources/keys';
import { getUsers } from '../../lib/resources/users';
import { Select, SelectItem } from '../../ui/select';

const none = 'none';

/**
 * The users who can receive suggestions: the company's, with an email address (operators have none), who
 * accepted their invitation (the server refuses an invitee), by name.
 */
const getRecipientCandidates = async (): Promise<UserView[]> => {
  const page = await getUsers({ page: 1, limit: 100, sort: 'name' });
  return page.data.filter((user) => user.email && user.status !== 'DEACTIVATED' && user.status !== 'INVITED');
};

/**
 * Advanced settings: who receives the company's improvement suggestions by email (a user of the
 * company; none: suggestions are listed only). The server checks the user belongs to the company.
 */
export function SuggestionRecipientField({
  value,
  onChange,
  errorDetail,
}: {
  value: string | null;
  onChange: (userId: string | null) => void;
  errorDetail?: ErrorDetail;
}) {
  const { t } = useTranslation();
  const candidates = useQuery({ queryKey: [...usersKey, 'suggestion-recipients'], queryFn: getRecipientCandidates });
  const users = candidates.data ?? [];
  // A stored recipient not (yet) in the list still shows as chosen rather than as none.
  const items = [
    { id: none, name: t('suggestions.recipient.none') },
    ...users.map((user) => ({ id: user.id, name: `${user.firstName} ${user.lastName}`.trim() + (user.email ? ` (${user.email})` : '') })),
    ...(value && !users.some((user) => user.id === value) ? [{ id: value, name: candidates.isPending ? '…' : t('suggestions.recipient.unknown') }] : []),
  ];
  return (
    <Select
      name="suggestionRecipientId"
      label={t('suggestions.recipient.label')}
      description={candidates.isError ? t('suggestions.recipient.loadFailed') : t('suggestions.recipient.hint')}
      value={value ?? none}
      onChange={(key) => onChange(key === none || key === null ? null : String(key))}
      errorDetail={errorDetail}
      items={items}
    >
      {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
    </Select>
  );
}
