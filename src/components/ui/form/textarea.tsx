import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { controlClass } from './control-class';

export interface TextareaProps extends ComponentProps<'textarea'> {
  /** Monospace, for bodies, signatures and lists of URLs. */
  code?: boolean;
}

export function Textarea({ code = false, className, ...props }: TextareaProps) {
  return <textarea className={controlClass('md', cn('w-full', code && 'font-mono text-xs', className))} {...props} />;
}
