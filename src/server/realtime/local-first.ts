/**
 * The socket.io PostgreSQL adapter (0.5.0) awaits its NOTIFY to the other instances before it
 * delivers a broadcast, or joins, leaves or disconnects sockets, on this one: every live message
 * waited for a free connection in the app's pool and a round trip to PostgreSQL first. Under load
 * (500 people, 100 direct messages a second) that wait was most of the delivery time. Here this
 * instance acts at once and the NOTIFY follows, in the same order, as before; other instances
 * get exactly what they got before, no later.
 */
import type { Namespace } from 'socket.io';

/** socket.io-adapter's MessageType values for the operations that act locally after publishing. */
const ACT_LOCALLY_AFTER_PUBLISH = new Set([
  3, // BROADCAST
  4, // SOCKETS_JOIN
  5, // SOCKETS_LEAVE
  6, // DISCONNECT_SOCKETS
]);

interface ClusterAdapter {
  publishAndReturnOffset(message: { type: number }): Promise<string>;
}

type AdapterFactory = (nsp: Namespace) => unknown;

export function localFirst(factory: AdapterFactory, onError: (error: unknown) => void): AdapterFactory {
  // socket.io calls the factory with `new`: a plain function, not an arrow.
  return function makeAdapter(nsp: Namespace) {
    const adapter = factory(nsp) as ClusterAdapter;
    const publish = adapter.publishAndReturnOffset.bind(adapter);
    adapter.publishAndReturnOffset = (message) => {
      if (!ACT_LOCALLY_AFTER_PUBLISH.has(message.type)) return publish(message);
      publish(message).catch(onError);
      // The offset is for connection-state recovery, which this adapter does not support: always ''.
      return Promise.resolve('');
    };
    return adapter;
  };
}
