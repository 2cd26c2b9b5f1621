import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '../../../ui/button';

// The dialog (its form and react-aria's modal) downloads the first time the button is pressed, not with
// every page of the signed-in frame.
const SuggestImprovementDialog = lazy(() => import('./suggest-improvement').then((module) => ({ default: module.SuggestImprovementDialog })));

/** "Suggest an improvement": a button that opens the dialog (the layout's header, the station work screen). */
export function SuggestImprovementButton({ stationId = null, variant = 'secondary' }: { stationId?: string | null; variant?: ButtonProps['variant'] }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  // Once opened, the dialog stays mounted (closed), so a draft survives closing it as before.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        onPress={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {t('suggestions.submit.action')}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <SuggestImprovementDialog isOpen={isOpen} onClose={() => setOpen(false)} stationId={stationId} />
        </Suspense>
      ) : null}
    </>
  );
}
