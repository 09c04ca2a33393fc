import type { QualityFinding } from '../../contract/admin/analytics';
import { findingLabel } from '../../contract/texts/admin/analytics';
import { Card } from '../../ui/Card';
import { cx } from '../../ui/cx';
import { ChevronRightIcon } from '../../ui/icons';
import { isPlainClick } from '../../ui/RouteLink';
import { ANALYTICS_TEXTS as T } from '../../contract/texts/admin/analytics';
import { formatNumber } from '../../i18n/runtime';

export interface FindingsCardProps {
  findings: QualityFinding[];
  /** Set: a plain click asks the page to go to the link (a single-page app) instead of loading it. */
  onNavigate?: (detail: { path: string }) => void;
}

/** The quality findings, each a link to the list of the records it concerns. */
export function FindingsCard({ findings, onNavigate }: FindingsCardProps) {
  return (
    <Card title={T.quality} className="kg-analytics__card">
      <p className="kg-analytics__hint">{T.qualityHint}</p>
      {findings.length === 0 ? (
        <p className="kg-analytics__empty">{T.noFindings}</p>
      ) : (
        <ul className="kg-analytics__findings">
          {findings.map((f) => (
            <li key={f.key}>
              <a
                className="kg-analytics__finding"
                href={f.link}
                data-finding={f.key}
                onClick={(e) => {
                  if (!onNavigate || !isPlainClick(e)) return;
                  e.preventDefault();
                  onNavigate({ path: f.link });
                }}
              >
                <span className="kg-analytics__finding-label">{findingLabel(f.key)}</span>
                <span className={cx('kg-analytics__finding-count', f.count === 0 && 'kg-analytics__finding-count--none')}>
                  {f.count === 0 ? T.allGood : formatNumber(f.count)}
                </span>
                <ChevronRightIcon size={16} />
              </a>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
