import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../lib/i18n';
import { useHydrated } from '../../lib/use-hydrated';
import { Chevron } from '../../ui/chevron';
import '../../ui/field.css';

type LanguageSelectComponent = (typeof import('./language-select'))['default'];

let download: Promise<LanguageSelectComponent> | undefined;
const loadSelect = () => (download ??= import('./language-select').then((module) => module.default));

/** The closed Select's look and name, for the moments before the real one is here. */
function StandIn({ onOpen }: { onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const valueId = useId();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  // In prerendered markup it waits for its script (a press before it would be lost).
  const hydrated = useHydrated();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    onOpen();
  };
  return (
    <div className="field language-switch">
      <span className="field-label" id={labelId}>
        {t('common.language.label')}
      </span>
      <button
        type="button"
        className="field-trigger"
        disabled={!hydrated}
        aria-haspopup="listbox"
        aria-expanded="false"
        aria-labelledby={`${valueId} ${labelId}`}
        // Pointing at it or reaching it with Tab starts the download, so the list is usually here by the press.
        onPointerEnter={() => void loadSelect()}
        onFocus={() => void loadSelect()}
        onClick={onOpen}
        onKeyDown={onKeyDown}
      >
        <span id={valueId} lang={current}>
          {t(`common.language.${current}`)}
        </span>
        <Chevron />
      </button>
    </div>
  );
}

/**
 * English / Deutsch; the choice is kept in localStorage for the next visit. The Select (react-aria's
 * list box and popover, language-select.tsx) is not part of a page's load: a look-alike button stands
 * in, pointing at it or focusing it starts the download, and pressing it puts the real one in its place
 * with its list open (as soon as it is here).
 */
export function LanguageSwitch() {
  // The component itself once downloaded (no Suspense: the stand-in must not remount, it may have the focus).
  const [Select, setSelect] = useState<{ component: LanguageSelectComponent } | null>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const open = useCallback(() => {
    void loadSelect().then((component) => {
      if (live.current) setSelect((was) => was ?? { component });
    });
  }, []);
  if (!Select) return <StandIn onOpen={open} />;
  return <Select.component defaultOpen />;
}
