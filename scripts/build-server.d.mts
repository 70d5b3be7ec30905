export declare const SERVER_DIST: string;
/** The built server's entry, built first when needed (about a second). */
export declare function serverEntry(root: string): string;
