/** `./module.tsx?chunk-url`: the URL of the module's chunk (chunk-url.ts, the Vite plugin). */
declare module '*?chunk-url' {
  const url: string;
  export default url;
}
