/**
 * What a route says about its screen: the document title ("Diary · Haven"), through the router's
 * `head` option and the root's <HeadContent />, whether the screen fills the viewport, and whether
 * it stands alone without the header.
 */
export const APP_NAME = 'Haven';

export const pageTitle = (screen: string) => `${screen} · ${APP_NAME}`;

/** A route's `head`: its screen's name in the tab, the history list and the app switcher. */
export const titled = (screen: string | (() => string)) => () => ({
  meta: [{ title: pageTitle(typeof screen === 'string' ? screen : screen()) }],
});

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * A conversation screen: exactly the viewport's height, with the offline banner and the header
     * taking their space from it, so its composer is always on screen. Other screens scroll the page.
     */
    fillScreen?: boolean;
    /**
     * A screen that stands alone, without the header: signing in or up (nobody to show it to), and
     * waiting for verification, which offers the few ways on a pending professional has.
     */
    standalone?: boolean;
  }
}

export const FILL_SCREEN = { fillScreen: true } as const;
export const STANDALONE = { standalone: true } as const;
