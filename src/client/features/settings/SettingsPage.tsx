import { THEMES } from '../../../shared/limits';
import { StorageStatus } from '../../pwa/StorageStatus';
import { LockSettings } from '../lock/LockSettings';
import { NotificationSettings } from '../notifications/NotificationSettings';
import { BlockedPeople } from './BlockedPeople';
import { ReadReceiptsToggle } from './ReadReceiptsToggle';
import { setTheme, useTheme } from './theme';
import { YourReports } from './YourReports';
import { MAIN_ID } from '../../ui/SkipLink';

const PREVIEW = [
  { id: 1, text: "Hey! How's it going?", mine: false },
  { id: 2, text: "I'm doing great! Just working on some new features.", mine: true },
];

/**
 * /settings: the 32 themes, applied app-wide at once, and a preview chat (spec section 2); read
 * receipts (docs/decisions/receipts-and-typing.md); notifications (docs/decisions/notifications.md);
 * the diary lock (docs/decisions/diary-lock.md); blocked people and reports (docs/community-safety.md).
 */
export function SettingsPage() {
  const theme = useTheme();
  return (
    <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-5xl px-3 py-6 sm:px-6">
      <h1 className="text-2xl font-bold">Theme</h1>
      <p className="mt-1" id="theme-help">Choose a theme for your chat interface. It applies everywhere at once.</p>

      <div role="group" aria-labelledby="theme-help" className="mt-4 grid grid-cols-3 gap-2 sm:grid-cols-6 lg:grid-cols-8">
        {THEMES.map((t) => (
          <button
            key={t}
            type="button"
            aria-pressed={theme === t}
            onClick={() => setTheme(t)}
            className={`flex flex-col items-center gap-1.5 rounded-lg p-2 transition-colors ${theme === t ? 'bg-base-300 ring-2 ring-primary' : 'hover:bg-base-200'}`}
          >
            {/* The swatch draws in the theme it names; it carries no text, so it needs no contrast of its own. */}
            <span className="relative grid h-8 w-full grid-cols-4 gap-px overflow-hidden rounded" data-theme={t} aria-hidden="true">
              <span className="bg-primary" />
              <span className="bg-secondary" />
              <span className="bg-accent" />
              <span className="bg-neutral" />
            </span>
            <span className="w-full truncate text-center text-xs font-medium">{t.charAt(0).toUpperCase() + t.slice(1)}</span>
          </button>
        ))}
      </div>

      <h2 className="mt-8 text-lg font-semibold">Preview</h2>
      <section aria-label="Preview chat" className="mt-3 overflow-hidden rounded-xl border border-base-300 bg-base-100 shadow-lg">
        <div className="flex items-center gap-3 border-b border-base-300 px-4 py-3">
          <div className="avatar avatar-placeholder" aria-hidden="true">
            <div className="w-8 rounded-full bg-primary text-primary-content"><span>J</span></div>
          </div>
          <span>
            <span className="block font-medium">John Doe</span>
            <span className="block text-xs">Online</span>
          </span>
        </div>
        <div className="flex max-h-72 flex-col gap-3 overflow-y-auto bg-base-100 p-4">
          {PREVIEW.map((m) => (
            <div key={m.id} className={`chat ${m.mine ? 'chat-end' : 'chat-start'}`}>
              <div className={`chat-bubble ${m.mine ? 'chat-bubble-primary on-primary' : ''}`}>
                {m.text}
                <span className="mt-1 block text-[10px]">12:00</span>
              </div>
            </div>
          ))}
        </div>
        <div className="flex gap-2 border-t border-base-300 p-3">
          <label htmlFor="preview-input" className="sr-only">Preview message</label>
          <input id="preview-input" className="input input-sm flex-1" value="This is a preview" readOnly />
          <span className="btn btn-primary btn-sm" aria-hidden="true">Send</span>
        </div>
      </section>

      <NotificationSettings />
      <ReadReceiptsToggle />
      <LockSettings />
      <BlockedPeople />
      <YourReports />

      <StorageStatus />
    </main>
  );
}
