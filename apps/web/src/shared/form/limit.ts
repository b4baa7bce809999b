import type { InputProps } from 'antd';

/** From this share of the limit on, the field shows its count. */
const NEAR = 0.8;

/**
 * A text field's maximum length as a counter near the limit (issue 15), instead of `maxLength`,
 * which cuts a paste silently: a longer text stays as typed, the counter turns red and the form's
 * `max` rule says what is wrong.
 */
export function nearLimit(max: number): NonNullable<InputProps['count']> {
  return {
    max,
    show: ({ count }: { count: number }) => (count >= max * NEAR ? `${count} / ${max}` : null),
  };
}
