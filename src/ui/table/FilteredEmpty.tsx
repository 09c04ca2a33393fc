import type { ReactNode } from 'react';
import { Button } from '../Button';
import { UI_TEXTS } from '../../contract/texts/common';

/**
 * What an empty list says; when filters emptied it, also the way out: 'Clear filters' (every
 * filtered list offers it right where the user sees nothing, not only in the filter bar above).
 */
export function FilteredEmpty({ text, onClear }: { text: ReactNode; onClear?: () => void }) {
  return (
    <div className="kg-filtered-empty">
      <p className="kg-filtered-empty__text">{text}</p>
      {onClear && (
        <Button variant="outlined" onClick={onClear}>
          {UI_TEXTS.clearFilters}
        </Button>
      )}
    </div>
  );
}
