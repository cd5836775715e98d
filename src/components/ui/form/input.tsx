import type { ComponentProps } from 'react';
import { controlClass } from './control-class';

export interface InputProps extends Omit<ComponentProps<'input'>, 'size'> {
  size?: 'sm' | 'md';
}

/** A styled <input>; put it inside a Field (or give it an aria-label) so it has a name. */
export function Input({ size = 'md', className, ...props }: InputProps) {
  return <input className={controlClass(size, className)} {...props} />;
}
