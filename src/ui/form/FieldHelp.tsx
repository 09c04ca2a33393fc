import type { ReactNode } from 'react';
import { cx } from '../cx';

/** The counter appears once a value reaches this share of its limit ("near the limit"). */
export const COUNTER_FROM = 0.8;

export const showCounter = (length: number, max: number | undefined): max is number => max !== undefined && length >= max * COUNTER_FROM;

/**
 * The line under a field: the error or helper text, and near a length limit an "x/max" counter.
 * Fields never set maxLength (a pasted text would be cut silently): over the limit the counter
 * turns red and the form's check says why on submit.
 */
export function FieldHelp({ id, error, helperText, length, maxChars }: { id: string; error?: string | null; helperText?: ReactNode; length: number; maxChars?: number }) {
  const help = error || helperText;
  const counter = showCounter(length, maxChars);
  if (!help && !counter) return null;
  return (
    <div className="kg-field__help-row">
      {help && (
        <div id={id} className={cx('kg-field__help', error && 'kg-field__help--error')}>
          {help}
        </div>
      )}
      {counter && (
        <div id={`${id}-count`} className={cx('kg-field__count', length > maxChars && 'kg-field__count--over')} aria-live="polite">
          {length}/{maxChars}
        </div>
      )}
    </div>
  );
}

/** aria-describedby for a field with FieldHelp. */
export const describedBy = (id: string, help: unknown, length: number, maxChars?: number) =>
  [help ? id : '', showCounter(length, maxChars) ? `${id}-count` : ''].filter(Boolean).join(' ') || undefined;
