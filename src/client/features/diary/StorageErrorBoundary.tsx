import { Component, type ReactNode } from 'react';

export const STORAGE_ERROR_TEXT = 'Haven could not open the storage on this device, so your diary cannot be shown right now. '
  + 'Private browsing, blocked site data or a full disk can cause this. Nothing has been deleted: reload to try again.';

/** The local database failed to open or read: a clear message and a way to retry, not a blank page. */
export class StorageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="rounded-box border border-base-300 bg-base-200 p-4">
        <p>{STORAGE_ERROR_TEXT}</p>
        <button type="button" className="btn btn-sm mt-3" onClick={() => globalThis.location.reload()}>Reload</button>
      </div>
    );
  }
}
