/** Says when more exist than were loaded (15 in the grid, 1000 in the table), rather than hiding it. */
export function ShownOf({ shown, total, noun }: { shown: number; total: number; noun: string }) {
  if (total <= shown) return null;
  return (
    <p className="kg-dash-more">
      Showing {shown.toLocaleString()} of {total.toLocaleString()} {noun}
    </p>
  );
}
