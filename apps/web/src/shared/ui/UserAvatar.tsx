import { avatarColor, avatarInitial } from '@quayside/contract';
import { Avatar } from 'antd';

/** A user's picture, or their initial on a colour of their own. */
export function UserAvatar({ name, src, size = 32 }: { name: string; src?: string | null; size?: number }) {
  const initial = avatarInitial(name);
  if (src) return <Avatar src={src} size={size} alt={name} />;
  // One letter at a size set here: antd's Avatar would measure it after each mount to scale it
  // (a forced layout of the whole page in the shell's first render), for nothing.
  return (
    <span
      className="user-avatar"
      style={{
        width: size,
        height: size,
        backgroundColor: avatarColor(name),
        fontSize: Math.round(size * 0.45),
      }}
    >
      {initial}
    </span>
  );
}
