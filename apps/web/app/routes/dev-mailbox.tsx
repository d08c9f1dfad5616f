import { DevMailbox } from '../features/mail/components/dev-mailbox';
import type { Route } from './+types/dev-mailbox';

export const meta: Route.MetaFunction = () => [
  { title: 'Development mailbox · Crossbuy' },
  { name: 'robots', content: 'noindex' },
];

export default function DevMailboxRoute() {
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Development mailbox</h1>
        <p className="text-muted">Mail the server would have sent, newest first.</p>
      </header>
      <DevMailbox />
    </section>
  );
}
