import { EventEmitter } from 'node:events';
import type { AuditEvent } from './events';

/**
 * Audit events after their transaction committed, in commit order per transaction. Subscribers
 * (the live-change socket messages) must not throw; a rolled-back transaction publishes nothing.
 */
export class ChangeFeed {
  readonly #emitter = new EventEmitter();

  publish(events: readonly AuditEvent[]): void {
    if (events.length > 0) this.#emitter.emit('events', events);
  }

  subscribe(listener: (events: readonly AuditEvent[]) => void): () => void {
    this.#emitter.on('events', listener);
    return () => this.#emitter.off('events', listener);
  }
}
