import { NarrowPage } from '../components/ui/narrow-page';
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form';
import type { Route } from './+types/forgot-password';

export const meta: Route.MetaFunction = () => [{ title: 'Forgot your password? · Crossbuy' }];

export default function ForgotPasswordRoute() {
  return (
    <NarrowPage
      title="Forgot your password?"
      intro="Enter the email of your account and we will send you a link to choose a new password."
    >
      <ForgotPasswordForm />
    </NarrowPage>
  );
}
