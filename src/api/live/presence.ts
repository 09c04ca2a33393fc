import { PRESENCE_EVENTS, PRESENCE_LIMITS, type PresenceKind, type PresenceMode, type PresencePerson, type PresenceUpdate } from '../../contract/live/presence';
import type { ApiClient } from '../client';
import { acquireSocket } from './socket';

/**
 * The browser's end of presence (contract/presence.ts) on the page's shared socket: joins the
 * record on every (re)connection, says it is still there every heartbeat, hears who else is there,
 * and leaves when stopped. Returns the function that stops.
 */
export function watchPresence(api: ApiClient, record: { kind: PresenceKind; id: string; mode: PresenceMode }, onPeople: (people: PresencePerson[]) => void): () => void {
  const { socket, release } = acquireSocket(api);
  const join = () => socket.emit(PRESENCE_EVENTS.join, record);
  const onUpdate = (u: PresenceUpdate) => {
    if (u?.kind === record.kind && u.id === record.id && Array.isArray(u.people)) onPeople(u.people);
  };
  // Nobody is seen while the connection is down (they may have gone meanwhile).
  const onDisconnect = () => onPeople([]);
  socket.on(PRESENCE_EVENTS.update, onUpdate);
  socket.on('connect', join);
  socket.on('disconnect', onDisconnect);
  if (socket.connected) join();
  const beat = setInterval(() => {
    if (socket.connected) join();
  }, PRESENCE_LIMITS.heartbeatMs);
  return () => {
    clearInterval(beat);
    socket.off(PRESENCE_EVENTS.update, onUpdate);
    socket.off('connect', join);
    socket.off('disconnect', onDisconnect);
    if (socket.connected) socket.emit(PRESENCE_EVENTS.leave, { kind: record.kind, id: record.id });
    release();
  };
}
