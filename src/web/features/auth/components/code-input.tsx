import { useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './auth-forms.css';

export interface CodeInputProps {
  /** One entry per box; '' where nothing is typed yet. */
  digits: string[];
  onChange: (digits: string[]) => void;
  /** Already translated. */
  label: string;
  /** Already translated; marks every box invalid while set. */
  errorText?: string;
  isDisabled?: boolean;
}

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/**
 * The emailed code as one box per digit: typing moves on, Backspace in an empty box goes back,
 * the arrow keys move between boxes, and pasting the code (or typing it into any box) fills them.
 */
export function CodeInput({ digits, onChange, label, errorText, isDisabled }: CodeInputProps) {
  const { t } = useTranslation();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const labelId = useId();
  const errorId = useId();
  const focusBox = (index: number) => boxes.current[Math.max(0, Math.min(index, digits.length - 1))]?.focus();

  // Digits typed or pasted from `start` on fill the following boxes; focus lands after the last one.
  const fillFrom = (start: number, text: string) => {
    const incoming = onlyDigits(text)
      .slice(0, digits.length - start)
      .split('');
    const next = [...digits];
    incoming.forEach((digit, offset) => {
      next[start + offset] = digit;
    });
    onChange(next);
    focusBox(start + incoming.length);
  };

  const onType = (index: number, text: string) => {
    if (onlyDigits(text) === '') {
      onChange(digits.map((digit, at) => (at === index ? '' : digit)));
      return;
    }
    fillFrom(index, text);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault();
      onChange(digits.map((digit, at) => (at === index - 1 ? '' : digit)));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = onlyDigits(event.clipboardData.getData('text'));
    // A whole code fills every box, wherever it is pasted.
    fillFrom(pasted.length >= digits.length ? 0 : index, pasted);
  };

  return (
    <div className="field code-field">
      <span id={labelId} className="field-label">
        {label}
      </span>
      <div role="group" aria-labelledby={labelId} aria-describedby={errorText ? errorId : undefined} className="code-boxes">
        {digits.map((digit, index) => (
          <input
            // The boxes are fixed positions, never reordered.
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            className="field-input code-box"
            value={digit}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={t('auth.verify.digit', { position: index + 1, total: digits.length })}
            aria-invalid={errorText ? true : undefined}
            data-invalid={errorText ? true : undefined}
            disabled={isDisabled}
            onFocus={(event) => event.target.select()}
            onChange={(event) => onType(index, event.target.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
          />
        ))}
      </div>
      {errorText ? (
        <span id={errorId} className="field-error" role="alert">
          {errorText}
        </span>
      ) : null}
    </div>
  );
}
