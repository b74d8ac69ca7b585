// Network files imported as bytes (esbuild's binary loader in build.mjs, a plugin in vitest.config.ts).
declare module '*.nnue' {
  const bytes: Uint8Array;
  export default bytes;
}
