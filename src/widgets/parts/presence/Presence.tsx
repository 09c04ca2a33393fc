import type { ApiClient } from '../../../api/client';
import { PRESENCE_TEXTS as T } from '../../../contract/texts/presence';
import { type PresenceKind, type PresenceMode, type PresencePerson } from '../../../contract/live/presence';
import { usePresence } from '../../hooks/use-presence';

/** Up to two letters of a username: "anna.berg" → "AB", "zoe" → "ZO". */
export function initialsOf(username: string): string {
  const parts = username.split(/[\s._@-]+/u).filter(Boolean);
  const letters = parts.length > 1 ? [...parts[0]][0] + [...parts[1]][0] : [...(parts[0] ?? username)].slice(0, 2).join('');
  return letters.toLocaleUpperCase();
}

/** A stable hue per user, so one person keeps one colour on every screen. */
function hueOf(userId: string): number {
  let h = 0;
  for (const c of userId) h = (h * 31 + c.charCodeAt(0)) % 360;
  return h;
}

const noticeOf = (kind: PresenceKind) => (kind === 'node' ? T.editingNode : kind === 'relation' ? T.editingRelation : T.editingRecord);

/**
 * The people on a record as initials, each carrying the username as its accessible name and
 * tooltip; on a form (`mode` editing), "{name} is editing this node" when someone else edits it too.
 */
export function PresenceView({ people, kind, mode, className }: { people: readonly PresencePerson[]; kind: PresenceKind; mode: PresenceMode; className?: string }) {
  if (people.length === 0) return null;
  const editor = mode === 'editing' ? people.find((p) => p.mode === 'editing') : undefined;
  return (
    <div className={className ? `kg-presence ${className}` : 'kg-presence'} data-testid="presence">
      <ul className="kg-presence__people" aria-label={T.label}>
        {people.map((p) => {
          const label = p.mode === 'editing' ? T.editing(p.username) : T.viewing(p.username);
          return (
            <li key={p.userId} className={`kg-presence__person kg-presence__person--${p.mode}`} title={label} aria-label={label} style={{ '--kg-presence-hue': hueOf(p.userId) } as React.CSSProperties}>
              <span aria-hidden="true">{initialsOf(p.username)}</span>
            </li>
          );
        })}
      </ul>
      {editor && (
        <p className="kg-presence__notice" role="status">
          {noticeOf(kind)(editor.username)}
        </p>
      )}
    </div>
  );
}

/** The presence of one record, live: the hook and the view together (a create form has no id: nothing). */
export function Presence({ api, kind, id, mode, className }: { api: ApiClient; kind: PresenceKind; id: string | null | undefined; mode: PresenceMode; className?: string }) {
  const people = usePresence(api, kind, id, mode);
  return <PresenceView people={people} kind={kind} mode={mode} className={className} />;
}
