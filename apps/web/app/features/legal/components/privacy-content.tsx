import { Link } from 'react-router';
import { textLinkClasses } from '../../../components/ui/button';
import { LEGAL_LIST_CLASSES, LegalPage, SupportEmail } from './legal-page';

export const PRIVACY_UPDATED = '23 November 2026';

/** What the store collects about a shopper, why, for how long, and what the shopper can ask for. */
export function PrivacyContent() {
  return (
    <LegalPage
      title="Privacy notice"
      updated={PRIVACY_UPDATED}
      intro={
        <>
          <p>
            This notice explains what personal data Crossbuy collects when you use the store, what we use it
            for, who we share it with and how long we keep it. We handle personal data in line with
            Singapore&apos;s Personal Data Protection Act (PDPA).
          </p>
          <p>
            The rules for buying from us are in our{' '}
            <Link to="/terms" className={textLinkClasses}>
              terms and conditions
            </Link>
            .
          </p>
        </>
      }
      sections={[
        {
          id: 'what-we-collect',
          title: 'What we collect',
          body: (
            <ul className={LEGAL_LIST_CLASSES}>
              <li>
                <strong>Your account:</strong> your name, email address, password (stored only as a one-way
                hash that cannot be turned back into the password), phone number, country, date of birth and
                gender, and whether you accepted these terms.
              </li>
              <li>
                <strong>Your addresses:</strong> the delivery addresses you save, with the name and phone
                number of the person who receives the parcel.
              </li>
              <li>
                <strong>Your shopping:</strong> your cart, wishlist, quotation requests, orders and messages
                you send us about them, and the products you viewed recently.
              </li>
              <li>
                <strong>Your sessions:</strong> when and from which network address and browser you signed in,
                so that we can keep your account safe and stop someone guessing passwords.
              </li>
              <li>
                <strong>Pages you visit:</strong> which pages of the store are viewed, to understand what
                shoppers look for and to improve the store.
              </li>
            </ul>
          ),
        },
        {
          id: 'why',
          title: 'Why we use it',
          body: (
            <ul className={LEGAL_LIST_CLASSES}>
              <li>To run your account and sign you in safely, including two-factor authentication.</li>
              <li>To quote, sell, deliver and support what you order, and to tell you how it is going.</li>
              <li>
                To send the emails you need: verification codes, password reset links and order updates.
              </li>
              <li>To prevent fraud and abuse of the store, and to keep records the law requires.</li>
            </ul>
          ),
        },
        {
          id: 'cookies',
          title: 'Cookies and storage in your browser',
          body: (
            <>
              <p>We use only what the store needs to work:</p>
              <ul className={LEGAL_LIST_CLASSES}>
                <li>
                  Sign-in cookies that keep you signed in: a short-lived one, and a longer one that lasts
                  until you close your browser, or 30 days when you tick &quot;Remember me&quot;.
                </li>
                <li>A cookie that protects your requests from being forged by other websites.</li>
                <li>A cookie that remembers the region you chose while you are not signed in.</li>
                <li>
                  Storage in your browser, for the current visit only, of the page to return to after signing
                  in and of messages you have already closed.
                </li>
              </ul>
              <p>We do not use advertising cookies.</p>
            </>
          ),
        },
        {
          id: 'sharing',
          title: 'Who we share it with',
          body: (
            <>
              <p>We never sell your personal data. We share only what each needs with:</p>
              <ul className={LEGAL_LIST_CLASSES}>
                <li>our payment provider, to take card payments;</li>
                <li>couriers and postal services, to deliver your parcels;</li>
                <li>sellers on marketplaces abroad, when we buy an item for you and have it sent to us;</li>
                <li>our email and hosting providers, who process data only on our instructions;</li>
                <li>authorities, where the law requires it.</li>
              </ul>
              <p>
                Some of them are outside Singapore. When your data goes abroad we make sure it is protected to
                a standard comparable to the PDPA.
              </p>
            </>
          ),
        },
        {
          id: 'how-long',
          title: 'How long we keep it',
          body: (
            <ul className={LEGAL_LIST_CLASSES}>
              <li>Your account and addresses: until you ask us to delete your account.</li>
              <li>Orders and payments: as long as tax and accounting law requires, usually five years.</li>
              <li>Sign-in sessions: deleted a week after they end.</li>
              <li>Verification codes and reset links: deleted a day after they expire.</li>
              <li>Copies of the emails we send you: deleted a week after they are sent.</li>
            </ul>
          ),
        },
        {
          id: 'security',
          title: 'How we protect it',
          body: (
            <p>
              Passwords are stored with a slow one-way hash, sign-in attempts are limited, and you can turn on
              two-factor authentication. Changing or resetting your password signs out every other device.
              Only staff who need your data to serve you can see it.
            </p>
          ),
        },
        {
          id: 'your-rights',
          title: 'Your choices and rights',
          body: (
            <>
              <p>
                You can see and correct most of your details yourself on your account pages. You can also ask
                us for a copy of the personal data we hold about you, ask us to correct it, or withdraw your
                consent and have your account deleted, by writing to <SupportEmail />. We answer within 30
                days.
              </p>
              <p>
                If you are not satisfied with our answer, you may complain to Singapore&apos;s Personal Data
                Protection Commission.
              </p>
            </>
          ),
        },
        {
          id: 'changes',
          title: 'Changes to this notice',
          body: (
            <p>
              When we change this notice we update the date at the top, and we tell you by email of any change
              that affects how we use data you already gave us.
            </p>
          ),
        },
      ]}
    />
  );
}
