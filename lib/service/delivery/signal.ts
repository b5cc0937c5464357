import { EventEmitter } from "node:events";

/**
 * Tells the outbox worker of this process, when there is one, that a write has just queued
 * messages, so they go out at once instead of at its next poll. Workers in other processes (or
 * on other instances) find them at their next poll.
 */
const signal = new EventEmitter();
signal.setMaxListeners(50);

export function signalOutbox(): void {
  signal.emit("queued");
}

export function onOutboxSignal(listener: () => void): () => void {
  signal.on("queued", listener);
  return () => signal.off("queued", listener);
}
