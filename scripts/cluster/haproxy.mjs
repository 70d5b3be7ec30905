// HAProxy in front of the instances: deploy/haproxy.cfg with this cluster's addresses filled in,
// and its stats socket read to learn which instances it has in rotation.
import { existsSync, readFileSync } from 'node:fs';
import { createConnection } from 'node:net';

const TEMPLATE = new URL('../../deploy/haproxy.cfg', import.meta.url).pathname;
const PLACES = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', '/usr/bin/haproxy'];

/** The haproxy binary: $HAPROXY, or where Debian and a source build put it. */
export function haproxyBinary() {
  const candidates = process.env.HAPROXY ? [process.env.HAPROXY] : PLACES;
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(`HAProxy was not found (looked for ${candidates.join(', ')}). `
      + 'Install it (Debian, Ubuntu: apt-get install haproxy) or set HAPROXY to its path.');
  }
  return found;
}

/** The template with `bind` (host:port), the stats socket's path and one `server` line per instance ({ name, address }). */
export function haproxyConfig({ bind, statsSocket, servers }) {
  const lines = servers.map((s) => `    server ${s.name} ${s.address} cookie ${s.name}`);
  // Whole lines only: the template's comments name the placeholders too.
  return readFileSync(TEMPLATE, 'utf8')
    .replace(/^(\s*bind )\{\{BIND\}\}$/m, (_, start) => start + bind)
    .replace(/^(\s*stats socket )\{\{STATS_SOCKET\}\}/m, (_, start) => start + statsSocket)
    .replace(/^\{\{SERVERS\}\}$/m, () => lines.join('\n'));
}

/** `show stat` on the stats socket: each server of the instances backend with its status (UP, DOWN, …) and current connections. */
export function readServerStates(statsSocket) {
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = createConnection(statsSocket, () => socket.end('show stat\n'));
    socket.setEncoding('utf8').on('data', (chunk) => { text += chunk; }).on('error', reject).on('close', () => {
      const [header, ...rows] = text.trim().split('\n');
      if (!header?.startsWith('# ')) return reject(new Error(`unexpected answer from HAProxy's stats socket: ${text.slice(0, 200)}`));
      const columns = header.slice(2).split(',');
      const field = (row, name) => row[columns.indexOf(name)];
      resolve(rows.map((line) => line.split(','))
        .filter((row) => field(row, 'pxname') === 'instances' && !['FRONTEND', 'BACKEND'].includes(field(row, 'svname')))
        .map((row) => ({ name: field(row, 'svname'), status: field(row, 'status'), sessions: Number(field(row, 'scur')) })));
    });
  });
}
