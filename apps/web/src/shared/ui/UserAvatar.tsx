import { Avatar } from 'antd';

const PALETTE = ['#5b8ff9', '#5ad8a6', '#f6bd16', '#e8684a', '#6dc8ec', '#9270ca', '#ff9d4d', '#269a99'];

function colorFor(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? '#5b8ff9';
}

/** A user's picture, or their initial on a colour of their own. */
export function UserAvatar({ name, src, size = 32 }: { name: string; src?: string | null; size?: number }) {
  const initial = [...name.trim()][0]?.toUpperCase() ?? '?';
  if (src) return <Avatar src={src} size={size} alt={name} />;
  // One letter at a size set here: antd's Avatar would measure it after each mount to scale it
  // (a forced layout of the whole page in the shell's first render), for nothing.
  return (
    <span
      className="user-avatar"
      style={{
        width: size,
        height: size,
        backgroundColor: colorFor(name),
        fontSize: Math.round(size * 0.45),
      }}
    >
      {initial}
    </span>
  );
}
