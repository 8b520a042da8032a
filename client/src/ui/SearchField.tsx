import { Search } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { inputClass } from './styles';

/**
 * A search box with its magnifier, named by `label` for screen readers. `className` sizes the box;
 * `children`, when given, sit inside it on the right (a clear button).
 */
export function SearchField({
  label,
  className = '',
  children,
  ...input
}: Omit<ComponentProps<'input'>, 'type' | 'className' | 'children'> & { label: string; className?: string; children?: ReactNode }) {
  return (
    <label className={`relative ${className}`}>
      <span className="sr-only">{label}</span>
      <Search size={17} className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-slate-500" aria-hidden />
      <input type="search" className={`${inputClass} pl-11 ${children === undefined ? '' : 'pr-11'}`} {...input} />
      {children}
    </label>
  );
}
