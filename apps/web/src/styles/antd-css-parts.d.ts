/** vite-critical-css.ts: the addresses of the first screens' parts of antd's stylesheet, and of the whole. */
declare module 'virtual:antd-login-css' {
  const href: string;
  export default href;
}
declare module 'virtual:antd-shell-css' {
  const href: string;
  export default href;
}
declare module 'virtual:antd-whole-css' {
  const href: string;
  export default href;
}
