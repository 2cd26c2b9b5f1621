import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { Button } from '../../ui/button';
import { useNotify } from '../../ui/notification-bar';

/** Where the server mounts the BullMQ dashboard (src/server/platform/queue-board.ts). */
export const queueBoardPath = '/admin/queues';

/**
 * The master's way to the job queue dashboard: the board cannot read the console's bearer token, so
 * the press first asks the server for the board's session cookie, then opens the board (docs/api.md).
 */
export function QueueBoardLink() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      await api.post('/admin/queue-board/session');
      window.location.assign(queueBoardPath);
    } catch (error) {
      const message = isApiError(error) && error.status === 404 ? t('operations.queueBoard.unavailable') : describeError(t, error);
      notify({ severity: 'error', message });
      setOpening(false);
    }
  };
  return (
    <Button variant="secondary" isPending={opening} onPress={() => void open()}>
      {t('operations.queueBoard.open')}
    </Button>
  );
}
