import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { headerControl, headerControlLabel } from '../../../components/shell/header-control';
import { LineIcon } from '../../../components/ui/line-icon';
import { isSignInPath, rememberRedirectAfterSignIn, SIGN_IN_PATH } from '../../../lib/redirect-to-sign-in';
import { type UserProfile, useUser } from '../../../lib/user-store';
import { isStaff } from '../../staff/staff-sections';
import { useSignOut } from '../hooks/use-sign-out';

const linkStyle =
  'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50';

const itemStyle =
  'flex min-h-11 w-full items-center rounded-md px-3 text-start text-sm font-medium hover:bg-brand-50 focus:bg-brand-50';

const ACCOUNT_LINKS = [
  { to: '/account', label: 'Your profile' },
  { to: '/account/security', label: 'Security' },
  { to: '/account/addresses', label: 'Addresses' },
  { to: '/quotations', label: 'Quotations' },
  { to: '/orders', label: 'Orders' },
] as const;

function linksFor(role: UserProfile['role']): readonly { to: string; label: string }[] {
  return isStaff(role) ? [...ACCOUNT_LINKS, { to: '/admin', label: 'Back office' }] : ACCOUNT_LINKS;
}

/**
 * The signed-in shopper's name opening a menu (the WAI-ARIA menu button pattern): Enter, Space or
 * the arrow keys open it, arrows, Home and End move through it, Escape closes it and returns to the
 * button, Tab leaves it.
 */
function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

function AccountMenu({ profile }: { profile: UserProfile }) {
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first');
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const signOut = useSignOut();

  useEffect(() => {
    if (!open) return;
    const list = menuItems(menu.current);
    (focusOnOpen === 'last' ? list.at(-1) : list[0])?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open, focusOnOpen]);

  const openAt = (where: 'first' | 'last') => {
    setFocusOnOpen(where);
    setOpen(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    openAt(event.key === 'ArrowUp' ? 'last' : 'first');
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = menuItems(menu.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowUp':
        return move(index - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(list.length - 1);
      case ' ':
        // Space activates a menu item, links included, as Enter does.
        event.preventDefault();
        list[index]?.click();
        return;
      case 'Escape':
        event.preventDefault();
        setOpen(false);
        button.current?.focus();
        return;
      case 'Tab':
        setOpen(false);
        return;
    }
  };

  const onSignOut = async () => {
    setOpen(false);
    await signOut();
  };

  return (
    <div ref={container} className="relative">
      <button
        ref={button}
        type="button"
        className={`${headerControl} md:max-w-40`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openAt('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <LineIcon className="size-5 shrink-0 md:hidden">
          <circle cx="12" cy="8" r="4" />
          <path d="M4 20a8 8 0 0 1 16 0" strokeLinecap="round" />
        </LineIcon>
        <span className="sr-only">Account menu for </span>
        <span className={`${headerControlLabel} md:truncate`}>{profile.firstName}</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="hidden size-4 shrink-0 md:block"
          fill="currentColor"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      {open ? (
        <div className="absolute end-0 z-40 mt-1 w-60 rounded-lg border border-line bg-white p-1 shadow-lg">
          <p className="truncate px-3 py-2 text-xs text-muted">Signed in as {profile.email}</p>
          <div ref={menu} id={menuId} role="menu" aria-label="Your account" onKeyDown={onMenuKeyDown}>
            {linksFor(profile.role).map(({ to, label }) => (
              <Link
                key={to}
                to={to}
                role="menuitem"
                tabIndex={-1}
                className={itemStyle}
                onClick={() => setOpen(false)}
              >
                {label}
              </Link>
            ))}
            <hr className="my-1 border-line" />
            <button type="button" role="menuitem" tabIndex={-1} className={itemStyle} onClick={onSignOut}>
              Sign out
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** The sign-in link for visitors; the shopper's account menu once signed in. */
export function AccountNav() {
  const { signedIn, profile } = useUser();
  const location = useLocation();

  if (signedIn && profile) return <AccountMenu profile={profile} />;

  return (
    <Link
      to={SIGN_IN_PATH}
      className={linkStyle}
      onClick={() => {
        if (!isSignInPath(location.pathname))
          rememberRedirectAfterSignIn(`${location.pathname}${location.search}${location.hash}`);
      }}
    >
      Sign in
    </Link>
  );
}
