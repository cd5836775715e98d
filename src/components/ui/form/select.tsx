import type { ComponentProps } from 'react';
import { controlClass } from './control-class';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends Omit<ComponentProps<'select'>, 'size'> {
  size?: 'sm' | 'md';
  /** The choices; children can be given instead, for groups. */
  options?: readonly SelectOption[];
}

/** A native <select>: the platform's own keyboard and phone pickers beat a hand-made list box. */
export function Select({ size = 'md', className, options, children, ...props }: SelectProps) {
  return (
    <select className={controlClass(size, className)} {...props}>
      {options?.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
      {children}
    </select>
  );
}
