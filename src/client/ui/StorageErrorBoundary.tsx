import { Component, type ReactNode } from 'react';

/** What cannot be shown ("your diary", "your safety plan") goes into one calm explanation. */
export const storageErrorText = (what: string) => `Haven could not open the storage on this device, so ${what} cannot be shown right now. `
  + 'Private browsing, blocked site data or a full disk can cause this. Nothing has been deleted: reload to try again.';

/** The local database failed to open or read: a clear message and a way to retry, not a blank page. */
export class StorageErrorBoundary extends Component<{ what: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="mt-4 rounded-box border border-base-300 bg-base-200 p-4">
        <p>{storageErrorText(this.props.what)}</p>
        <button type="button" className="btn mt-3 min-h-11" onClick={() => globalThis.location.reload()}>Reload</button>
      </div>
    );
  }
}
