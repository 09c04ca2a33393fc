import { moreThanText } from '../../../contract/texts/common';
import { formatNumber } from '../../../i18n/runtime';
import type { SectionTexts } from '../../../contract/texts/dashboard';

/** Says when more exist than were loaded (15 in the grid, 1000 in the table), rather than hiding it. */
export function ShownOf({ shown, total, capped, texts }: { shown: number; total: number; capped?: boolean; texts: SectionTexts }) {
  if (total <= shown && !capped) return null;
  return <p className="kg-dash-more">{texts.shownOf(formatNumber(shown), capped ? moreThanText(total) : formatNumber(total))}</p>;
}
