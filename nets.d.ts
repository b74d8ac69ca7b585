// Network files imported as bytes (engine/network.ts; esbuild's binary loader in build.mjs and
// scripts/build-web.mjs, a plugin in vitest.config.ts).
declare module '*.nnue' {
  const bytes: Uint8Array;
  export default bytes;
}
