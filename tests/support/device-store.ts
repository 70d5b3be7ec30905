/**
 * What a device holds, read straight from its IndexedDB inside the page (a function handed to
 * playwright's `page.evaluate`, so it names nothing outside itself).
 */

/** The device's catch-up cursor, read straight from IndexedDB (0 before the first page lands). */
export function cursorOf(dbName: string): Promise<number> {
  return new Promise((resolve) => {
    const open = indexedDB.open(dbName);
    open.addEventListener('error', () => resolve(0));
    open.addEventListener('success', () => {
      const db = open.result;
      const done = (cursor: number) => {
        db.close();
        resolve(cursor);
      };
      if (!db.objectStoreNames.contains('meta')) return done(0);
      const get = db.transaction('meta').objectStore('meta').get('syncCursor');
      get.addEventListener('success', () => done(Number((get.result as { value?: number } | undefined)?.value ?? 0)));
      get.addEventListener('error', () => done(0));
    });
  });
}
