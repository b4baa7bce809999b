import { Button, type ButtonProps, Tooltip } from 'antd';

type Props = { label: string } & Omit<ButtonProps, 'type' | 'className' | 'aria-label'>;

/** An icon button of the top bar: its label is both the tooltip and the accessible name. */
export function NavbarButton({ label, ...button }: Props) {
  return (
    <Tooltip title={label}>
      <Button type="text" className="navbar__item" aria-label={label} {...button} />
    </Tooltip>
  );
}
