import { Link } from 'react-router';

export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className="logo-mark">
      <rect width="64" height="64" rx="14" fill="var(--qs-primary, #409EFF)" />
      <path d="M14 40h36l-5 9H19z" fill="#fff" />
      <path d="M22 22h9v14h-9zM33 16h9v20h-9z" fill="#fff" opacity=".85" />
    </svg>
  );
}

export function Logo({ collapsed }: { collapsed: boolean }) {
  return (
    <Link to="/" className={`app-logo ${collapsed ? 'app-logo--collapsed' : ''}`}>
      <LogoMark />
      {!collapsed && <span className="app-logo__title">Quayside</span>}
    </Link>
  );
}
