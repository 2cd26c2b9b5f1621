import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions } from '../../../ui/dialog';
import { useNotify } from '../../../ui/notification-bar';

interface SecretOnceDialogProps<Created extends { secret: string }> {
  isOpen: boolean;
  onClose: () => void;
  /** The dialog's title while the form shows. */
  title: string;
  /** Its title once made. */
  createdTitle: (created: Created) => string;
  /** The texts of the secret: `<texts>.onlyOnce`, `.secretLabel`, `.usage`, `.copy`, `.copied`, `.copyFailed`, `.done`. */
  texts: string;
  /** The form; it calls `onCreated` with what the server answered. */
  children: (onCreated: (created: Created) => void, onCancel: () => void) => ReactNode;
}

/**
 * Creating something that has a secret (an API key, a webhook endpoint): the form, then the secret
 * shown this one time with a button that copies it. Closing the dialog forgets the secret.
 */
export function SecretOnceDialog<Created extends { secret: string }>({
  isOpen,
  onClose,
  title,
  createdTitle,
  texts,
  children,
}: SecretOnceDialogProps<Created>) {
  const [created, setCreated] = useState<Created | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Dialog title={created ? createdTitle(created) : title} isOpen={isOpen} onOpenChange={(open) => !open && close()} isDismissable={false}>
      {created ? <ShownSecret secret={created.secret} texts={texts} onDone={close} /> : children(setCreated, close)}
    </Dialog>
  );
}

function ShownSecret({ secret, texts, onDone }: { secret: string; texts: string; onDone: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const copy = () =>
    navigator.clipboard
      .writeText(secret)
      .then(() => notify({ severity: 'success', message: t(`${texts}.copied`) }))
      .catch(() => notify({ severity: 'error', message: t(`${texts}.copyFailed`) }));
  return (
    <div className="api-key-secret">
      <p role="status">{t(`${texts}.onlyOnce`)}</p>
      <p>
        <span className="api-key-muted">{t(`${texts}.secretLabel`)}</span>
        <code className="api-key-token" aria-label={t(`${texts}.secretLabel`)}>
          {secret}
        </code>
      </p>
      <p className="api-key-muted">{t(`${texts}.usage`)}</p>
      <DialogActions>
        <Button variant="secondary" onPress={copy}>
          {t(`${texts}.copy`)}
        </Button>
        <Button onPress={onDone}>{t(`${texts}.done`)}</Button>
      </DialogActions>
    </div>
  );
}
