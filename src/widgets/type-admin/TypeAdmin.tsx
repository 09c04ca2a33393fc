import type { TaxonomyKind } from '../../contract/knowledge/taxonomy';
import type { User } from '../../contract/admin/users';
import { AccessDenied } from '../parts/admin';
import { WidgetFrame } from '../element/widget-frame';
import { WithSession } from '../element/with-session';
import { TYPE_TEXTS } from '../../contract/texts/admin/types';
import { TypeManagement } from './TypeManagement';

export interface TypeAdminProps {
  /** Server origin ('' = this page's origin). */
  apiBase?: string;
  /** Which catalogue: node types (default) or relation types. */
  kind?: TaxonomyKind;
  /** The signed-in user when the host mounts the component; the element uses the page's shared session. */
  user?: User | null;
  /** Set by the element wrapper: the styles for its shadow root. */
  css?: string;
}

/**
 * Node Type Management / Relation Type Management (spec §2). Writes need system.config (admin),
 * as on the server (src/contract/access/access.ts); a reader (nodes.read) sees the list without write
 * buttons and a note saying so; anyone else sees a refusal.
 */
export function TypeAdmin({ apiBase = '', kind = 'node', user, css }: TypeAdminProps) {
  const T = TYPE_TEXTS[kind];
  return (
    <WidgetFrame className={`kg-admin kg-type-admin kg-type-admin--${kind}`} css={css}>
      <WithSession apiBase={apiBase} user={user} signInPrompt={T.signIn}>
        {(current) => {
          const permissions = current.permissions ?? [];
          if (!permissions.includes('nodes.read') && !permissions.includes('system.config')) return <AccessDenied text={T.denied} />;
          return <TypeManagement key={`${current.id}:${kind}`} apiBase={apiBase} kind={kind} canManage={permissions.includes('system.config')} />;
        }}
      </WithSession>
    </WidgetFrame>
  );
}
