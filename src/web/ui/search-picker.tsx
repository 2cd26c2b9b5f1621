import { useMemo, useState } from 'react';
import type { ErrorDetail } from '../../domain/shared/errors';
import { useDebounced } from '../lib/use-debounced';
import { ComboBox, ComboBoxItem } from './combobox';

/** What a search picker offers and shows once chosen. */
export interface PickerChoice {
  id: string;
  label: string;
}

/** The text of a search picker's input and what to ask the server for: '' while the input shows the chosen item. */
export interface SearchInput {
  inputValue: string;
  setInputValue: (text: string) => void;
  /** What the user typed, once they stopped typing. */
  search: string;
}

/** The input of a `SearchPicker` for `value`: its caller searches with `search` and hands the picker what it found. */
export function useSearchInput(value: PickerChoice | null): SearchInput {
  const [inputValue, setInputValue] = useState(value?.label ?? '');
  // While the input shows the chosen item, offer the first items rather than only that one.
  const typed = inputValue === (value?.label ?? '') ? '' : inputValue.trim();
  return { inputValue, setInputValue, search: useDebounced(typed) };
}

export interface SearchPickerProps<Item extends PickerChoice> {
  label: string;
  /** The chosen item, or none. */
  value: Item | null;
  onChange: (chosen: Item | null) => void;
  /** From `useSearchInput(value)`. */
  input: SearchInput;
  /** What the search found for `input.search`. */
  found: Item[];
  isRequired?: boolean;
  errorDetail?: ErrorDetail;
  description?: string;
}

/** A combo box that finds an item as the user types (the caller's search, usually the server's). */
export function SearchPicker<Item extends PickerChoice>({
  label,
  value,
  onChange,
  input,
  found,
  isRequired,
  errorDetail,
  description,
}: SearchPickerProps<Item>) {
  // The chosen item stays an option, so the field can show it whatever the search found.
  const items = useMemo(() => (value && !found.some((item) => item.id === value.id) ? [value, ...found] : found), [found, value]);
  return (
    <ComboBox
      label={label}
      items={items}
      inputValue={input.inputValue}
      onInputChange={input.setInputValue}
      selectedKey={value?.id ?? null}
      onSelectionChange={(key) => {
        // The list closing with nothing chosen (a scroll, Escape, leaving the field) is no choice: what was typed or pasted stays.
        if (key === null && value === null) return;
        const chosen = items.find((item) => item.id === key) ?? null;
        onChange(chosen);
        input.setInputValue(chosen?.label ?? '');
      }}
      allowsEmptyCollection
      isRequired={isRequired}
      errorDetail={errorDetail}
      description={description}
    >
      {(item: Item) => (
        <ComboBoxItem id={item.id} textValue={item.label}>
          {item.label}
        </ComboBoxItem>
      )}
    </ComboBox>
  );
}
