/** How diary dates read: the list shows the day, the open entry the day and time. */
export const entryDay = (iso: string) => new Date(iso).toLocaleDateString();
export const entryDateTime = (iso: string) => new Date(iso).toLocaleString();
