/** hash-wasm's Argon2id alone: a static re-export, so the bundle leaves out its other algorithms. */
export { argon2id } from 'hash-wasm';
