import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../lib/i18n';
import { useHydrated } from '../../lib/use-hydrated';
import { Chevron } from '../../ui/chevron';
import '../../ui/field.css';

type LanguageSelectComponent = (typeof import('./language-select'))['default'];

let download: Promise<LanguageSelectComponent> | undefined;
const loadSelect = () => (download ??= import('./language-select').then((module) => module.default));

/** The closed Select's look and name, for the moments before the real one is here. */
function StandIn({ onOpen, onPress, buttonRef }: { onOpen: () => void; onPress: () => void; buttonRef: RefObject<HTMLButtonElement | null> }) {
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
        ref={buttonRef}
        type="button"
        className="field-trigger"
        disabled={!hydrated}
        aria-haspopup="listbox"
        aria-expanded="false"
        aria-labelledby={`${valueId} ${labelId}`}
        // Pointing at it or reaching it with Tab starts the download, so the list is usually here by the press.
        onPointerEnter={() => void loadSelect()}
        onFocus={() => void loadSelect()}
        onPointerDown={onPress}
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
 * list box and popover, language-select.tsx) is not part of the first paint: a look-alike button stands
 * in until the browser is idle, then the real one takes its place (with the focus if the stand-in had
 * it). A press on the stand-in opens the real one's list as soon as it is here; while a press is under
 * way the stand-in is never swapped, so the press is not lost between its pointer down and up.
 */
export function LanguageSwitch() {
  // The component itself once downloaded (no Suspense: the stand-in must not remount, it may have the focus).
  const [Select, setSelect] = useState<{ component: LanguageSelectComponent; open: boolean; focus: boolean } | null>(null);
  const standInRef = useRef<HTMLButtonElement>(null);
  const pressing = useRef(false);
  const live = useRef(true);
  const swapIn = useCallback((open: boolean) => {
    void loadSelect().then((component) => {
      if (!live.current || (pressing.current && !open)) return;
      setSelect((was) => was ?? { component, open, focus: document.activeElement === standInRef.current });
    });
  }, []);
  useEffect(() => {
    live.current = true;
    const whenIdle = () => swapIn(false);
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(whenIdle, { timeout: 3000 }) : window.setTimeout(whenIdle, 200);
    return () => {
      live.current = false;
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [swapIn]);
  if (!Select)
    return (
      <StandIn
        buttonRef={standInRef}
        onPress={() => {
          pressing.current = true;
        }}
        onOpen={() => {
          pressing.current = false;
          swapIn(true);
        }}
      />
    );
  return <Select.component defaultOpen={Select.open} autoFocus={Select.focus && !Select.open} />;
}
