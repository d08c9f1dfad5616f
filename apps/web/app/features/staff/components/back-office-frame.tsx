import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { MAIN_CONTENT_ID, useFocusOnNavigation } from '../../../components/shell/app-shell';
import { wrapTabFocus } from '../../../lib/tab-wrap';
import { needsTwoFactor, type UserProfile, useUser } from '../../../lib/user-store';
import { useSignOut } from '../../auth/hooks/use-sign-out';
import { useContactInbox } from '../../contact-inbox/api/contact-inbox-api';
import { useDashboard } from '../../dashboard/api/dashboard-api';
import { isStaff, type StaffSection, sectionsFor } from '../staff-sections';

/** How many things wait unread behind a section: the contact messages, and the orders' chats. */
type UnreadCounts = Partial<Record<StaffSection['to'], number>>;

function useUnreadCounts(): UnreadCounts {
  // The same queries as the inbox's unread filter and the dashboard, so the pages and the badges agree.
  const inbox = useContactInbox('unread', 1);
  const dashboard = useDashboard();
  return {
    '/admin/messages': inbox.data?.unread ?? 0,
    '/admin/orders': dashboard.data?.unreadChats ?? 0,
  };
}

const sectionLinkStyle = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center justify-between gap-2 rounded-lg px-3 text-sm font-semibold ${
    isActive ? 'bg-brand-700 text-white' : 'text-brand-900 hover:bg-brand-50'
  }`;

function SectionLinks({ profile, onFollow }: { profile: UserProfile; onFollow?: () => void }) {
  const unread = useUnreadCounts();
  return (
    <nav aria-label="Back office">
      <ul className="flex flex-col gap-1">
        {sectionsFor(profile.role).map(({ to, label, end }) => {
          const count = unread[to] ?? 0;
          return (
            <li key={to}>
              <NavLink to={to} end={end ?? false} className={sectionLinkStyle} onClick={onFollow}>
                {label}
                {count > 0 ? (
                  <>
                    <span className="sr-only"> {count} unread</span>
                    <span
                      aria-hidden="true"
                      className="min-w-6 rounded-full bg-danger-700 px-2 py-0.5 text-center text-xs font-bold text-white"
                    >
                      {count}
                    </span>
                  </>
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const quietLink =
  'flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-brand-800 underline underline-offset-2 hover:bg-brand-50';

/** Who is signed in, the way back to the store, and signing out. */
function StaffFooter({ profile }: { profile: UserProfile }) {
  const signOut = useSignOut();
  const name = `${profile.firstName} ${profile.lastName}`.trim() || profile.email;
  return (
    <div className="flex flex-col gap-1 border-t border-line pt-3">
      <p className="px-3 text-sm">
        <span className="block text-xs text-muted">Signed in as</span>
        <span className="block font-semibold break-words">{name}</span>
      </p>
      <Link to="/" className={quietLink}>
        Go to the store
      </Link>
      <button
        type="button"
        className="flex min-h-11 items-center rounded-lg px-3 text-start text-sm font-semibold text-brand-800 hover:bg-brand-50"
        onClick={() => void signOut()}
      >
        Sign out
      </button>
    </div>
  );
}

const Brand = () => (
  <Link
    to="/admin"
    className="inline-block rounded-lg px-3 text-lg leading-tight font-extrabold tracking-tight text-brand-800"
  >
    Crossbuy <span className="font-semibold text-muted">back office</span>
  </Link>
);

/**
 * The phone's menu: a modal dialog, so focus stays inside it and Escape closes it (the browser's own
 * dialog does both); closing returns focus to the button that opened it.
 */
function Drawer({ profile }: { profile: UserProfile }) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  // A modal dialog keeps the page out of reach, but Tab past its last control leaves for the browser's
  // own toolbar; the menu wraps round instead, as a menu that holds the keyboard should.
  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    wrapTabFocus(event, Array.from(event.currentTarget.querySelectorAll<HTMLElement>('a[href], button')));
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(true)}
        className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg border border-line px-3 text-sm font-semibold text-brand-800"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor">
          <path d="M4 7h16M4 12h16M4 17h16" strokeWidth="2" strokeLinecap="round" />
        </svg>
        Menu
      </button>
      <dialog
        ref={dialog}
        id={id}
        aria-label="Back office menu"
        // Escape: the browser closes the dialog; the state and the focus follow.
        onKeyDown={keepFocusInside}
        onClose={() => {
          if (open) close();
        }}
        // A tap on the backdrop lands on the dialog itself, outside its panel; the keyboard has Escape.
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
        className="m-0 h-dvh max-h-none w-80 max-w-[85vw] bg-transparent p-0 backdrop:bg-ink/40"
      >
        {open ? (
          <div className="flex h-full flex-col gap-4 overflow-y-auto bg-white p-3 shadow-xl">
            <div className="flex items-center justify-between gap-2">
              <Brand />
              <button
                type="button"
                onClick={close}
                className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-brand-800 hover:bg-brand-50"
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="size-5"
                  fill="none"
                  stroke="currentColor"
                >
                  <path d="M6 6l12 12M18 6L6 18" strokeWidth="2" strokeLinecap="round" />
                </svg>
                <span className="sr-only">Close the menu</span>
              </button>
            </div>
            <div className="flex-1">
              <SectionLinks profile={profile} onFollow={close} />
            </div>
            <StaffFooter profile={profile} />
          </div>
        ) : null}
      </dialog>
    </>
  );
}

/** The member of staff the frame's navigation is for: signed in, on staff, two-factor on and passed. */
function useNavigatingStaff(): UserProfile | null {
  const user = useUser();
  const { profile } = user;
  if (!user.signedIn || !profile || needsTwoFactor(user)) return null;
  return isStaff(profile.role) && profile.tfaEnabled ? profile : null;
}

/**
 * The back office's own frame, in place of the storefront's header and footer: the sections down the side
 * on a desk's screen, behind a menu button on a phone, with who is signed in, the way to the store and
 * signing out. Whoever may not use the back office sees the page's refusal without the sections.
 */
export function BackOfficeFrame({ children }: { children: ReactNode }) {
  const profile = useNavigatingStaff();
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);

  return (
    <div className="flex min-h-dvh flex-1 flex-col md:flex-row">
      <header className="sticky top-0 z-30 flex items-center gap-2 border-b border-line bg-white px-3 py-2 md:hidden">
        {profile ? <Drawer profile={profile} /> : null}
        <Brand />
      </header>
      <header className="hidden w-60 shrink-0 border-e border-line bg-white md:block">
        <div className="sticky top-0 flex max-h-dvh flex-col gap-4 overflow-y-auto p-3">
          <div className="py-2">
            <Brand />
          </div>
          {profile ? (
            <>
              <SectionLinks profile={profile} />
              <StaffFooter profile={profile} />
            </>
          ) : null}
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} ref={main} tabIndex={-1} className="min-w-0 flex-1 outline-none">
        {children}
      </main>
    </div>
  );
}
