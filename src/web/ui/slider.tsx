import {
  Label,
  Slider as AriaSlider,
  SliderOutput,
  SliderThumb,
  SliderTrack,
  composeRenderProps,
  type SliderProps as AriaSliderProps,
} from 'react-aria-components';
import './slider.css';

export interface SliderProps extends Omit<AriaSliderProps<number>, 'children'> {
  /** Visible label, already translated; also the slider's accessible name. */
  label: string;
  /** Id of the element that says what the value means (read after the number, e.g. "Work started at SAW"). */
  thumbDescribedBy?: string;
}

/**
 * A labelled slider: arrow keys move one step, Page Up/Down several, Home and End to the ends.
 * The value reads as a number; `thumbDescribedBy` adds what it stands for.
 */
export function Slider({ label, thumbDescribedBy, className, ...props }: SliderProps) {
  return (
    <AriaSlider {...props} className={composeRenderProps(className, (given) => ['slider', given].filter(Boolean).join(' '))}>
      <div className="slider-header">
        <Label className="field-label">{label}</Label>
        <SliderOutput className="slider-output" />
      </div>
      <SliderTrack className="slider-track">
        {({ state }) => (
          <>
            <div className="slider-fill" style={{ width: `${state.getThumbPercent(0) * 100}%` }} />
            <SliderThumb className="slider-thumb" aria-describedby={thumbDescribedBy} />
          </>
        )}
      </SliderTrack>
    </AriaSlider>
  );
}
