import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes, type ReactNode } from 'react';
import * as s from './button.css';
import { Spinner } from './primitives';

export type ButtonVariant = keyof typeof s.variant;
export type ButtonSize = keyof typeof s.size;

type Look = { variant?: ButtonVariant; size?: ButtonSize; block?: boolean };

/** The class list of a button; for elements that must look like one (e.g. an external link). */
export function buttonClass({ variant = 'primary', size = 'md', block = false }: Look = {}, extra?: string) {
  return [s.base, s.variant[variant], s.size[size], block && s.block, extra].filter(Boolean).join(' ');
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  Look & {
    /** Shows a spinner, keeps the width, and blocks repeated clicks; announced through aria-busy. */
    loading?: boolean;
    iconStart?: ReactNode;
    iconEnd?: ReactNode;
  };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant,
    size,
    block,
    loading = false,
    iconStart,
    iconEnd,
    className,
    children,
    disabled,
    type,
    onClick,
    ...rest
  },
  ref,
) {
  const content = (
    <>
      {iconStart}
      {children}
      {iconEnd}
    </>
  );
  return (
    <button
      ref={ref}
      type={type ?? 'button'}
      className={buttonClass({ variant, size, block }, className)}
      disabled={disabled}
      aria-busy={loading || undefined}
      data-loading={loading || undefined}
      // Not `disabled` while loading: the button keeps focus and stays announced.
      aria-disabled={loading || undefined}
      onClick={loading ? (e) => e.preventDefault() : onClick}
      {...rest}
    >
      {loading ? (
        <>
          <span className={s.hiddenLabel}>{content}</span>
          <span className={s.spinnerSlot}>
            <Spinner size={18} />
          </span>
        </>
      ) : (
        content
      )}
    </button>
  );
});

type AnchorProps = AnchorHTMLAttributes<HTMLAnchorElement> &
  Look & { iconStart?: ReactNode; iconEnd?: ReactNode };

/** A plain <a> that looks like a button (external links, full-page navigations). */
export const ButtonAnchor = forwardRef<HTMLAnchorElement, AnchorProps>(function ButtonAnchor(
  { variant, size, block, iconStart, iconEnd, className, children, ...rest },
  ref,
) {
  return (
    <a ref={ref} className={buttonClass({ variant, size, block }, className)} {...rest}>
      {iconStart}
      {children}
      {iconEnd}
    </a>
  );
});

/** A router link that looks like a button: `<ButtonLink to="/order-new" variant="primary">`. */
export const ButtonLink = createLink(ButtonAnchor);
