/**
 * Which push endpoints the server will contact (docs/decisions/notifications.md). A subscription's
 * endpoint is a URL the browser's push service chose, but it reaches the server as a person's
 * word: taken as it is, it would let anyone make the server send requests to any address. So only
 * HTTPS URLs on the known push services are kept, plus the origins PUSH_ENDPOINT_ALLOW names
 * (over the scheme they name, `http://` included, for tests and self-hosted services).
 */

/** The push services of Chrome, Edge, Firefox and Safari; a leading dot allows any subdomain. */
export const KNOWN_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '.push.apple.com',
  '.notify.windows.com',
] as const;

const knownHost = (host: string) => KNOWN_PUSH_HOSTS.some((h) => (h.startsWith('.') ? host.endsWith(h) : host === h));

/** Whether the server may send to `endpoint`; `allowed` are extra origins (PUSH_ENDPOINT_ALLOW). */
export function endpointAllowed(endpoint: string, allowed: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  // Credentials in the URL would be sent along; no push service uses them.
  if (url.username || url.password) return false;
  if (allowed.includes(url.origin)) return true;
  return url.protocol === 'https:' && (url.port === '' || url.port === '443') && knownHost(url.hostname.toLowerCase());
}
