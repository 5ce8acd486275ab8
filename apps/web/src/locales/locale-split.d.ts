// The views of a locale file served by apps/web/vite-locale-split.ts.
declare module '*.json?core' {
  const strings: Record<string, string>
  export default strings
}
declare module '*.json?rest' {
  const strings: Record<string, string>
  export default strings
}
