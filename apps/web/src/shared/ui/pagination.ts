import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@quayside/contract';
import type { TablePaginationConfig } from 'antd';

export { DEFAULT_PAGE_SIZE };

/**
 * SHELL.md pagination: sizes 10 20 30 50 (default 20); total, sizes, prev, pager, next, jumper.
 * `capped`: the list counted only up to a cap, so the total reads as a lower bound.
 */
export function paginationConfig(
  t: (key: string, o?: Record<string, unknown>) => string,
  state: { page: number; pageSize: number; total: number; capped?: boolean | undefined },
  onChange: (page: number, pageSize: number) => void,
): TablePaginationConfig {
  return {
    current: state.page,
    pageSize: state.pageSize,
    total: state.total,
    pageSizeOptions: PAGE_SIZES.map(String),
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: (total) => t(state.capped ? 'common.totalCapped' : 'common.total', { total }),
    onChange,
  };
}
