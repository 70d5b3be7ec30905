/**
 * The app's sign-in screen taking over from the copy drawn into index.html (docs/decisions/sign-in-shell.md).
 * Both come from the same component, so an element in one has its twin at the same place in the
 * other. What the person did on the copy before the app ran is carried over: what they typed, where
 * the caret was, and the buttons they tapped (or Enter, which taps the form's button), replayed in
 * order once the values have reached the screen's state.
 */
import { MAIN_ID } from '../ui/SkipLink';
import { SHELL_ID_PREFIX, SIGN_IN_SHELL_ID } from './names';

interface Shell extends HTMLElement {
  /** Filled by shell-init.js. */
  havenTaps?: Element[];
}

/** Where `element` sits under `from`, found under `to`; null when the two differ there. */
function twin(element: Element, from: Element, to: Element): Element | null {
  const path: number[] = [];
  for (let node: Element | null = element; node !== from; node = node.parentElement) {
    if (!node?.parentElement) return null;
    path.unshift([...node.parentElement.children].indexOf(node));
  }
  let found: Element | undefined = to;
  for (const index of path) found = found?.children[index];
  // Only the same kind of element: should the two ever differ, nothing is typed or tapped in the wrong place.
  return found && found.tagName === element.tagName && found.getAttribute('type') === element.getAttribute('type') ? found : null;
}

/** A value set as if typed: React's onChange hears the input event, not the property. */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function isField(element: Element | null): element is HTMLInputElement | HTMLTextAreaElement {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;
}

/**
 * Called by the sign-in screen as it mounts (before the browser paints it). Twins are found under
 * the screen's main element's parent: the copy's main is the same element with the id prefix.
 */
export function adoptSignInShell(): void {
  const shell = document.getElementById(SIGN_IN_SHELL_ID) as Shell | null;
  if (!shell) return;
  const from = document.getElementById(SHELL_ID_PREFIX + MAIN_ID)?.parentElement;
  const to = document.getElementById(MAIN_ID)?.parentElement;
  if (from && to) {
    for (const field of from.querySelectorAll('input, textarea')) {
      const live = twin(field, from, to);
      if (isField(field) && isField(live) && field.value !== '') typeInto(live, field.value);
    }
    // Focus moves before the copy goes, so it never falls to the page between the two (a phone's
    // keyboard would close).
    const active = document.activeElement;
    const live = active && from.contains(active) ? twin(active, from, to) : null;
    if (live instanceof HTMLElement) live.focus();
    if (isField(active) && isField(live)) {
      // E-mail fields have no selection to set: the caret then stays where focus puts it.
      try { live.setSelectionRange(active.selectionStart, active.selectionEnd); } catch { /* not a text field */ }
    }
    const replay = (shell.havenTaps ?? []).map((tap) => twin(tap, from, to)).filter((el): el is HTMLElement => el instanceof HTMLElement);
    // After the typed values have rendered, so a tap on "Log in" sends them.
    if (replay.length) setTimeout(() => replay.forEach((el) => el.click()), 0);
  }
  shell.remove();
}

/** Another screen opened (a signed-in person sent on from /login), or /login failed to load: nobody takes the copy over. */
export function dropSignInShell(): void {
  document.getElementById(SIGN_IN_SHELL_ID)?.remove();
}
