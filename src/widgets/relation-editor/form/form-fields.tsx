import { useId, type CSSProperties } from 'react';
import { LIMITS } from '../../../contract/limits';
import { RELATION_TEXTS as T } from '../../../contract/texts/relations';
import { cx } from '../../../ui/cx';

export interface CountedTextAreaProps {
  label: string;
  value: string;
  max: number;
  rows: number;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  disabled?: boolean;
}

/**
 * A multiline field with an x/max counter that stays visible next to the hint or the error.
 * No maxLength: a pasted text over the limit stays, the counter turns red and submit says why (spec §5).
 */
export function CountedTextArea({ label, value, max, rows, onChange, error, hint, disabled }: CountedTextAreaProps) {
  const id = useId();
  const over = value.length > max;
  return (
    <div className={cx('kg-field', error && 'kg-field--error')}>
      <label className="kg-field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        className="kg-field__input kg-textarea"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help ${id}-count`}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      <div className="kg-relation-form__help">
        <span id={`${id}-help`} className={cx('kg-field__help', error && 'kg-field__help--error')}>
          {error || hint}
        </span>
        <span id={`${id}-count`} className={cx('kg-relation-form__count', over && 'kg-relation-form__count--over')}>
          {T.counter(value.length, max)}
        </span>
      </div>
    </div>
  );
}

export interface StrengthSliderProps {
  value: number;
  onChange: (value: number) => void;
  error?: string;
  disabled?: boolean;
}

/** Relationship Strength: a native range input (keyboard and screen readers for free), 1–100. */
export function StrengthSlider({ value, onChange, error, disabled }: StrengthSliderProps) {
  const id = useId();
  const { min, max } = LIMITS.relationWeight;
  return (
    <div className={cx('kg-field kg-relation-form__strength', error && 'kg-field--error')}>
      <div className="kg-relation-form__strength-head">
        <label className="kg-field__label" htmlFor={id}>
          {T.strength}
        </label>
        <output className="kg-relation-form__strength-value" htmlFor={id} aria-live="polite">
          {value}
        </output>
      </div>
      <input
        id={id}
        type="range"
        className="kg-relation-form__range"
        min={min}
        max={max}
        step={1}
        value={value}
        disabled={disabled}
        style={{ '--kg-range-fill': `${((value - min) / (max - min)) * 100}%` } as CSSProperties}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-help` : undefined}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
      />
      <div className="kg-relation-form__scale" aria-hidden="true">
        <span>{min}</span>
        <span>{max}</span>
      </div>
      {error && (
        <div id={`${id}-help`} className="kg-field__help kg-field__help--error">
          {error}
        </div>
      )}
    </div>
  );
}
