import { useId } from 'react';
import { TYPE_PALETTE } from '../../../contract/knowledge/type-colors';
import { cx } from '../../../ui/cx';
import type { TypeTexts } from '../../../contract/texts/admin/types';

/**
 * A node type's colour: the palette as a radio group (arrow keys move, as native radios do) and a
 * native colour input for anything else. The value is always `#rrggbb` (lower case).
 */
export function ColorField({ texts: T, value, onChange, disabled }: { texts: TypeTexts; value: string; onChange: (color: string) => void; disabled?: boolean }) {
  const id = useId();
  const inPalette = (TYPE_PALETTE as readonly string[]).includes(value);
  return (
    <fieldset className="kg-type-color" disabled={disabled} aria-describedby={`${id}-hint`}>
      <legend className="kg-field__label">{T.color}</legend>
      <div className="kg-type-color__swatches">
        {TYPE_PALETTE.map((c) => (
          <label key={c} className={cx('kg-type-color__swatch', c === value && 'kg-type-color__swatch--on')} style={{ background: c }} title={c}>
            <input type="radio" name={`${id}-color`} value={c} checked={c === value} aria-label={c} onChange={() => onChange(c)} />
          </label>
        ))}
        <label className={cx('kg-type-color__custom', !inPalette && 'kg-type-color__swatch--on')}>
          <input type="color" value={value} aria-label={T.colorCustom} onChange={(e) => onChange(e.currentTarget.value.toLowerCase())} />
          <span>{T.colorCustom}</span>
        </label>
      </div>
      <div id={`${id}-hint`} className="kg-field__help">
        <span className="kg-type-color__preview" style={{ background: value }} aria-hidden="true" /> {value} — {T.colorHint}
      </div>
    </fieldset>
  );
}
