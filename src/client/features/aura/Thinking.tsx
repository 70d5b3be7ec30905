/** What shows while a question waits: Aura at work, or (offline) a calm word that it is kept. */
export function Thinking() {
  return (
    <div className="chat chat-start" role="status">
      <div className="chat-bubble flex items-center gap-2">
        <span>Aura is thinking...</span>
        <span className="loading loading-dots loading-sm" aria-hidden="true" />
      </div>
    </div>
  );
}

export function QueuedNote() {
  return (
    <p role="status" data-testid="aura-queued-note" className="mx-auto max-w-md rounded-box bg-base-200 px-4 py-3 text-center text-sm">
      You&apos;re offline. Your message is saved on this device and Aura will answer as soon as you&apos;re back online.
    </p>
  );
}
