import type { User } from '../../contract/admin/users';
import { AccessDenied } from '../parts/admin';
import { WidgetFrame } from '../element/widget-frame';
import { WithSession } from '../element/with-session';
import { AnalyticsScreen } from './AnalyticsScreen';
import { ANALYTICS_TEXTS as T } from '../../contract/texts/admin/analytics';

export interface AnalyticsProps {
  /** Server origin ('' = this page's origin). */
  apiBase?: string;
  /** The signed-in user when the host mounts the component; the element uses the page's shared session. */
  user?: User | null;
  /** Set by the element wrapper: the styles for its shadow root. */
  css?: string;
  /** A finding was opened (the element: kg-navigate { path }, e.g. /nodes?orphan=true). */
  onNavigate?: (detail: { path: string }) => void;
}

/** The Analytics page for users with analytics.view; Export also needs analytics.export. The server checks both. */
export function Analytics({ apiBase = '', user, css, onNavigate }: AnalyticsProps) {
  return (
    <WidgetFrame className="kg-admin kg-analytics" css={css}>
      <WithSession apiBase={apiBase} user={user} signInPrompt={T.signIn}>
        {(current) =>
          current.permissions?.includes('analytics.view') ? (
            <AnalyticsScreen key={current.id} apiBase={apiBase} canExport={current.permissions.includes('analytics.export')} onNavigate={onNavigate} />
          ) : (
            <AccessDenied text={T.denied} />
          )
        }
      </WithSession>
    </WidgetFrame>
  );
}
