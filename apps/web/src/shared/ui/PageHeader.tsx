import { Typography } from 'antd';
import type { ReactNode } from 'react';

export function PageHeader({
  title,
  subtitle,
  extra,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div className="page-header">
      <div>
        <Typography.Title level={4} className="page-header__title">
          {title}
        </Typography.Title>
        {subtitle && <div className="page-header__subtitle">{subtitle}</div>}
      </div>
      {extra && <div className="page-header__extra">{extra}</div>}
    </div>
  );
}
