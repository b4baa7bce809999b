/** vite-critical-css.ts: the address of the login page's part of antd's stylesheet. */
declare module 'virtual:antd-login-css' {
  const href: string;
  export default href;
}
