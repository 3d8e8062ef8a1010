/**
 * Buttons and button-looking links.
 *
 *   <Button variant="primary" size="md" busy={isSubmitting} busyLabel="Logging...">Login</Button>
 *   <ButtonLink to="/signup" variant="secondary">Signup/Login</ButtonLink>
 *   <IconButton label="Close" icon={<X />} />
 *
 * - variant: 'primary' (yellow, the one main action), 'secondary' (outlined surface), 'ghost' (text only),
 *   'danger' (destructive). Default 'primary'.
 * - size: 'sm' | 'md' | 'lg'. Default 'md'. `block` stretches to the container's width.
 * - busy: disables the button, sets aria-busy and shows a spinner; `busyLabel` (if given) replaces the text
 *   while busy, so the product's "Logging..." style labels (docs/product/screens-and-words.md#screens) are one prop.
 * - icon / iconEnd: a leading / trailing icon (decorative; give lucide icons no label).
 * - type defaults to "button" so a Button never submits a form by accident; pass type="submit" for forms.
 * All other native <button> attributes pass through; the ref reaches the <button>.
 */
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { Spinner } from './spinner';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface LookProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width of the container. */
  block?: boolean;
}

/** The class list of a button look, for elements that are neither Button nor ButtonLink (e.g. a plain <a download>). */
export function buttonClassName({ variant = 'primary', size = 'md', block = false }: LookProps = {}, extra?: string) {
  return ['btn', `btn--${variant}`, `btn--${size}`, block && 'btn--block', extra].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, LookProps {
  busy?: boolean;
  busyLabel?: ReactNode;
  icon?: ReactNode;
  iconEnd?: ReactNode;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, block, busy = false, busyLabel, icon, iconEnd, className, children, disabled, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClassName({ variant, size, block }, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <Spinner size="sm" /> : icon}
      {busy && busyLabel !== undefined ? busyLabel : children}
      {!busy && iconEnd}
    </button>
  );
});

export interface ButtonLinkProps extends LinkProps, LookProps {
  icon?: ReactNode;
  iconEnd?: ReactNode;
}

/** A react-router <Link> that looks like a Button (navigation is a link, not a button). */
export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink(
  { variant, size, block, icon, iconEnd, className, children, ...rest },
  ref,
) {
  return (
    <Link ref={ref} className={buttonClassName({ variant, size, block }, className)} {...rest}>
      {icon}
      {children}
      {iconEnd}
    </Link>
  );
});

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** Accessible name (also the tooltip). Required: an icon alone has no name. */
  label: string;
  icon: ReactNode;
  variant?: 'ghost' | 'secondary' | 'primary';
  size?: ButtonSize;
  busy?: boolean;
}

/** A square button showing only an icon; `label` becomes its aria-label and title. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, icon, variant = 'ghost', size = 'md', busy = false, className, disabled, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      aria-label={label}
      title={label}
      className={buttonClassName({ variant, size }, ['btn--icon', className].filter(Boolean).join(' '))}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <Spinner size="sm" /> : icon}
    </button>
  );
});
