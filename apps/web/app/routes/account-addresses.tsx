import { AddressBook } from '../features/addresses/components/address-book';
import type { Route } from './+types/account-addresses';
import { useAccountProfile } from './account-layout';

export const meta: Route.MetaFunction = () => [
  { title: 'Addresses · Crossbuy' },
  { name: 'robots', content: 'noindex' },
];

export default function AccountAddressesRoute() {
  const profile = useAccountProfile();
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-3xl font-bold tracking-tight">Addresses</h1>
      <AddressBook profile={profile} />
    </div>
  );
}
