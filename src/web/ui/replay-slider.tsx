import { useState } from 'react';
import { Slider } from './slider';

/**
 * Which of a history's `count` events a replay shows: the latest until one is chosen, so a live event
 * moves the replay along while a chosen point stays put.
 */
export function useReplayPoint(count: number): { index: number; choose: (index: number) => void } {
  const [chosen, setChosen] = useState<number | null>(null);
  const last = count - 1;
  return {
    index: chosen === null ? last : Math.min(chosen, last),
    choose: (next) => setChosen(next >= last ? null : next),
  };
}

export interface ReplaySliderProps {
  label: string;
  /** How many events the history has; the slider runs from 1 to it. */
  count: number;
  /** The shown event, from 0. */
  index: number;
  onChoose: (index: number) => void;
  /** The id and class of the line that says which event is shown (the thumb is described by it). */
  pointId: string;
  pointClassName: string;
  /** Which event is shown, e.g. '3 of 7: Started, 12 May 2026 10:04'. */
  point: string;
}

/** A slider over a history's events and the line that says which one the replay shows. */
export function ReplaySlider({ label, count, index, onChoose, pointId, pointClassName, point }: ReplaySliderProps) {
  return (
    <>
      <Slider
        label={label}
        minValue={1}
        maxValue={Math.max(count, 1)}
        step={1}
        value={index + 1}
        onChange={(value) => onChoose(value - 1)}
        isDisabled={count < 2}
        thumbDescribedBy={pointId}
      />
      <p id={pointId} className={pointClassName} aria-live="polite">
        {point}
      </p>
    </>
  );
}
