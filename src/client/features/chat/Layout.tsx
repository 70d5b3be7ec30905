import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { IconArrowLeft } from '../../ui/icons';
import { MAIN_ID } from '../../ui/SkipLink';

/**
 * Phone first: on a small screen either the sidebar (with the main area below it) or an open
 * conversation fills the screen; from md up they sit side by side, each scrolling on its own.
 */
export function ChatLayout({ sidebar, main, conversationOpen }: { sidebar: ReactNode; main: ReactNode; conversationOpen: boolean }) {
  return (
    // The root layout gives this screen the viewport's height left by the banner and the header.
    <main id={MAIN_ID} tabIndex={-1} className={`flex min-h-0 flex-1 ${conversationOpen ? '' : 'max-md:flex-col max-md:overflow-y-auto'}`}>
      <aside aria-label="Conversations" className={`flex flex-col border-base-300 bg-base-100 md:w-80 md:shrink-0 md:border-r ${conversationOpen ? 'max-md:hidden' : 'max-md:border-b'}`}>
        {sidebar}
      </aside>
      <div className={`flex min-h-0 min-w-0 flex-1 flex-col bg-base-200/40 ${conversationOpen ? '' : 'md:overflow-y-auto'}`}>
        {main}
      </div>
    </main>
  );
}

interface SidebarProps {
  title?: string;
  tabs?: { id: string; label: string }[];
  tab?: string;
  onTab?: (id: string) => void;
  search: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

export function Sidebar({ title, tabs, tab, onTab, search, actions, children }: SidebarProps) {
  const panelId = useId();
  return (
    <>
      <div className="flex flex-col gap-3 border-b border-base-300 p-3">
        <Link to="/dashboard" className="btn btn-ghost btn-sm self-start">
          <IconArrowLeft /> Back to Dashboard
        </Link>
        {title && <h1 className="text-xl font-bold">{title}</h1>}
        {actions}
        {tabs && (
          <div role="tablist" aria-label="Conversation type" className="tabs tabs-box tabs-sm">
            {tabs.map((t) => (
              <button key={t.id} type="button" role="tab" aria-selected={tab === t.id} aria-controls={panelId}
                className={`tab flex-1 ${tab === t.id ? 'tab-active' : 'text-base-content'}`} onClick={() => onTab?.(t.id)}>
                {t.label}
              </button>
            ))}
          </div>
        )}
        {search}
      </div>
      <div id={panelId} role={tabs ? 'tabpanel' : undefined} className="min-h-0 flex-1 p-2 md:overflow-y-auto">
        {children}
      </div>
    </>
  );
}

/** The list could not be loaded and nothing is stored yet: say so and offer the spec's reload. */
export function ListError({ text }: { text: string }) {
  return (
    <div className="flex flex-col items-center gap-3 p-4 text-center" role="alert">
      <p>{text}</p>
      <button type="button" className="btn btn-primary btn-sm" onClick={() => globalThis.location.reload()}>Try Again</button>
    </div>
  );
}
