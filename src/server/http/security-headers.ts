/**
 * Security headers on every answer (docs/security.md, Security headers), configured through helmet:
 * a CSP that runs only our own script files and the app shell's inline theme script (by its hash),
 * no framing, nosniff, a Referrer-Policy, a Permissions-Policy, HSTS over HTTPS, and `no-store` on
 * every /api answer, errors included.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { strictTransportSecurity, type HelmetOptions } from 'helmet';
import { API_PATH } from '../../shared/paths';
import type { Config } from '../config';
import { shellScriptHashes } from './inline-scripts';

const origins = (...urls: (string | undefined)[]) => urls.filter((u): u is string => Boolean(u)).map((u) => new URL(u).origin);

/** `shellScripts`: the hash sources of the app shell's inline scripts (inline-scripts.ts). */
export function helmetOptions(config: Config, shellScripts: readonly string[] = []): HelmetOptions {
  const servedOverHttps = config.COOKIE_SECURE === 'true';
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Our own files, and the app shell's one inline script by its hash (the theme before the
        // first paint): no other inline script, no eval, anywhere. 'wasm-unsafe-eval' lets
        // WebAssembly compile (the diary lock's Argon2id, hash-wasm, from a file of ours) and
        // nothing else: JavaScript eval stays refused.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...shellScripts],
        scriptSrcAttr: ["'none'"],
        // react-hot-toast (goober) writes its CSS into a <style> element and React sets style
        // attributes; a style cannot run code, so inline styles are the one allowance.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // data: for the profile photo's resize canvas, blob: for previews before an upload;
        // an ImageKit store, when configured, serves images from its own origin.
        imgSrc: ["'self'", 'data:', 'blob:', ...origins(config.IMAGEKIT_URL_ENDPOINT)],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers socket.io's ws:/wss: to this host (CSP Level 3).
        connectSrc: ["'self'", ...origins(config.IMAGEKIT_UPLOAD_URL)],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only where the site is known to be HTTPS: on plain http (localhost, a LAN) it would break every asset.
        ...(servedOverHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Never tell other sites which Haven page a link was followed from. Not no-referrer: with it,
    // browsers send `Origin: null` on our own POSTs, which the Origin check rightly refuses.
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    // Sent per request below: only an HTTPS answer may carry it.
    strictTransportSecurity: false,
  };
}

/*
 * helmet has no Permissions-Policy, so it is set here beside it. Features Haven never uses are off
 * for the page and anything it embeds; the camera stays reachable through the file picker, which
 * this header does not govern. Only names Chromium knows: an unknown one is a console error.
 */
const PERMISSIONS_POLICY = [
  'accelerometer', 'camera', 'display-capture', 'geolocation', 'gyroscope', 'magnetometer',
  'microphone', 'midi', 'payment', 'usb', 'browsing-topics',
].map((feature) => `${feature}=()`).join(', ');

const API_URL = new RegExp(`^${API_PATH}([/?#]|$)`);

export interface SecurityHeaders {
  register(app: FastifyInstance): Promise<void>;
  /** For answers Fastify sends before any hook runs (a malformed URL): the same headers. */
  applyBeforeHooks(request: FastifyRequest, reply: FastifyReply): void;
}

export function securityHeaders(config: Config): SecurityHeaders {
  const hsts = strictTransportSecurity();
  // helmet's middleware, built once: @fastify/helmet builds it again (CSP parsed and all) for
  // every answer, which was measurable per message (docs/performance.md, fifth part).
  const everything = helmet(helmetOptions(config, shellScriptHashes(config.clientDist)));
  const noop = () => {};

  const apply = (request: FastifyRequest, reply: FastifyReply) => {
    everything(request.raw, reply.raw, noop);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // HTTPS directly, or as a trusted proxy reports it (request.protocol believes only TRUST_PROXY).
    if (config.COOKIE_SECURE === 'true' || request.protocol === 'https') hsts(request.raw, reply.raw, noop);
    // Answers about people are never kept by a browser or a shared cache, errors included.
    if (API_URL.test(request.url)) reply.header('cache-control', 'no-store');
  };

  return {
    async register(app) {
      app.addHook('onRequest', (request, reply, done) => {
        apply(request, reply);
        done();
      });
    },
    applyBeforeHooks: apply,
  };
}
