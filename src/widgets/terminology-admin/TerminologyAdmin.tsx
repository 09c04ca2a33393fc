import { TERMINOLOGY_TEXTS as T } from '../../contract/texts/admin/terminology';
import type { User } from '../../contract/admin/users';
import { AccessDenied } from '../parts/admin';
import { WidgetFrame } from '../element/widget-frame';
import { WithSession } from '../element/with-session';
import { TerminologyScreen } from './TerminologyScreen';

export interface TerminologyAdminProps {
  /** Server origin ('' = this page's origin). */
  apiBase?: string;
  /** The signed-in user when the host mounts the component; the element uses the page's shared session. */
  user?: User | null;
  /** Set by the element wrapper: the styles for its shadow root. */
  css?: string;
  /** "View the nodes" after adding a code system to the graph: the host routes it (the element dispatches kg-navigate). */
  onNavigate?: (detail: { path: string }) => void;
}

/**
 * The Terminology page for users whose role grants system.config (uploads are FHIR writes); everyone
 * else sees the refusal. Adding to the graph also needs nodes.create and relations.create. The
 * server enforces all of it.
 */
export function TerminologyAdmin({ apiBase = '', user, css, onNavigate }: TerminologyAdminProps) {
  return (
    <WidgetFrame className="kg-admin kg-terminology" css={css}>
      <WithSession apiBase={apiBase} user={user} signInPrompt={T.signIn}>
        {(current) =>
          current.permissions?.includes('system.config') ? (
            <TerminologyScreen
              key={current.id}
              apiBase={apiBase}
              canAddToGraph={current.permissions.includes('nodes.create') && current.permissions.includes('relations.create')}
              onNavigate={onNavigate}
            />
          ) : (
            <AccessDenied text={T.denied} />
          )
        }
      </WithSession>
    </WidgetFrame>
  );
}
