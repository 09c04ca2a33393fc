import type { User } from '../../contract/admin/users';
import { SNOMED_TEXTS as T } from '../../contract/texts/snomed';
import { WidgetFrame } from '../element/widget-frame';
import { WithSession } from '../element/with-session';
import { SnomedManagement } from './SnomedManagement';

export interface SnomedAdminProps {
  /** Server origin ('' = this page's origin). */
  apiBase?: string;
  /** The signed-in user when the host mounts the component; the element uses the page's shared session. */
  user?: User | null;
  /** Set by the element wrapper: the styles for its shadow root. */
  css?: string;
}

/**
 * SNOMED CT Management (spec §2): the catalogue for every signed-in user; 'Import SNOMED' for
 * admin and editor (nodes.create); Delete for admin (system.config). The server enforces both.
 */
export function SnomedAdmin({ apiBase = '', user, css }: SnomedAdminProps) {
  return (
    <WidgetFrame className="kg-admin kg-snomed-admin" css={css}>
      <WithSession apiBase={apiBase} user={user} signInPrompt={T.signIn}>
        {(current) => (
          <SnomedManagement
            key={current.id}
            apiBase={apiBase}
            canImport={current.permissions?.includes('nodes.create') ?? false}
            canDelete={current.permissions?.includes('system.config') ?? false}
          />
        )}
      </WithSession>
    </WidgetFrame>
  );
}
