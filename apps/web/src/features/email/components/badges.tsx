import type { EmailStatusId, EmailTypeId } from '@quayside/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLookups } from '@/shared/lookups/useLookups';
import { countryFlag, initials } from '../email-format';

export const STATUS_COLORS: Record<EmailStatusId, string> = {
  unhandled: 'blue',
  follow_up: 'orange',
  handled: 'green',
  closed: 'default',
};

export const TYPE_COLORS: Record<EmailTypeId, string> = {
  normal: 'default',
  inquiry: 'gold',
  quotation: 'purple',
};

export function StatusTag({ status }: { status: EmailStatusId }) {
  const lookups = useLookups();
  return (
    <Tag color={STATUS_COLORS[status]} className="email-tag" variant="filled">
      {lookups.label('email_status', status)}
    </Tag>
  );
}

/** Normal mail needs no tag: only inquiries and quotations stand out. */
export function TypeTag({ type, always = false }: { type: EmailTypeId; always?: boolean }) {
  const lookups = useLookups();
  if (type === 'normal' && !always) return <span className="muted-dash">—</span>;
  return (
    <Tag color={TYPE_COLORS[type]} className="email-tag" variant="filled">
      {lookups.label('email_type', type)}
    </Tag>
  );
}

let flagSupport: boolean | undefined;

/**
 * Whether this system draws flag emoji (Windows and many Linux desktops show two letters or a box
 * instead): the flag is drawn on a canvas and must come out in colour.
 */
function drawsFlags(): boolean {
  if (flagSupport !== undefined) return flagSupport;
  flagSupport = false;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 16;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return flagSupport;
    ctx.font = '14px "Apple Color Emoji","Segoe UI Emoji","Noto Color Emoji",sans-serif';
    ctx.textBaseline = 'top';
    ctx.fillText('\u{1F1E9}\u{1F1EA}', 0, 0);
    const data = ctx.getImageData(0, 0, 16, 16).data;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0, data[i + 3] ?? 0];
      if (a > 0 && (Math.abs(r - g) > 40 || Math.abs(g - b) > 40)) {
        flagSupport = true;
        break;
      }
    }
  } catch {
    // No canvas (tests, locked-down browsers): the code alone.
  }
  return flagSupport;
}

/** The country of the sender's IP: its flag (or its code where flags are not drawn), named in a tooltip. */
export function CountryFlag({
  code,
  nation,
  ip,
  withName = false,
}: {
  code: string;
  nation: number;
  ip?: string;
  withName?: boolean;
}) {
  const { t } = useTranslation();
  const lookups = useLookups();
  if (!code) return <span className="muted-dash">—</span>;
  const name = nation > 1 ? lookups.label('nation', nation) : code;
  const flag = drawsFlags() ? countryFlag(code) : '';
  const label = ip ? t('email.countryOfIp', { country: name, ip }) : name;
  return (
    <Tooltip title={label}>
      <span className="country-flag" role="img" aria-label={label}>
        {flag ? <span className="country-flag__emoji">{flag}</span> : null}
        <span className="country-flag__code">{code.toUpperCase()}</span>
        {withName && <span className="country-flag__name">{name}</span>}
      </span>
    </Tooltip>
  );
}

/** A round badge with the initials of a party. The hue follows the address, so a sender keeps theirs. */
export function PartyAvatar({
  label,
  address,
  size = 36,
}: {
  label: string;
  address: string;
  size?: number;
}) {
  let hash = 0;
  for (const ch of address.toLowerCase()) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  const hue = Math.abs(hash) % 360;
  return (
    <span
      className="party-avatar"
      aria-hidden
      style={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        background: `hsl(${hue} 55% 92%)`,
        color: `hsl(${hue} 45% 32%)`,
      }}
    >
      {initials(label)}
    </span>
  );
}
