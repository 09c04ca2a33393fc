import { moreThanText } from '../../../contract/capped-total';

/** Says when more exist than were loaded (15 in the grid, 1000 in the table), rather than hiding it. */
export function ShownOf({ shown, total, capped, noun }: { shown: number; total: number; capped?: boolean; noun: string }) {
  if (total <= shown && !capped) return null;
  return (
    <p className="kg-dash-more">
      Showing {shown.toLocaleString()} of {capped ? moreThanText(total) : total.toLocaleString()} {noun}
    </p>
  );
}
