import { POLICY } from '@cratedig/contract/constants';
import { ContactEmail, contactSection } from './contact-email';
import { InfoPageFrame } from './info-page-frame';
import { PRIVACY_UPDATED } from './policy-versions';

// docs/web-app.md: not for under 13; significant changes take effect 30 days after notice.
export function PrivacyPage() {
  return (
    <InfoPageFrame
      updated={PRIVACY_UPDATED}
      title="Privacy Policy"
      lead={
        <p style={{ margin: 0 }}>
          This policy explains what Cratedig collects when you use it, why, and the choices you have. We
          collect what the service needs to work for you, and we do not sell your personal data.
        </p>
      }
      sections={[
        {
          heading: 'What we collect',
          body: (
            <ul>
              <li>
                Account data: your username, email address, password (stored only as a secure hash), your
                About text, avatar, SoundCloud link and the user types you pick. With Google or Apple sign-in
                we receive your email and display name from that provider.
              </li>
              <li>
                Listening activity: the sets you play and where you stopped, your queue, likes, favorites,
                watched IDs, follows and purchases through external stores.
              </li>
              <li>Comments you post on sets and tracks, with the moment in the set they refer to.</li>
            </ul>
          ),
        },
        {
          heading: 'How we use it',
          body: (
            <p>
              To run your account, resume playback, show your likes and follows, notify you when a watched ID
              is released (by email at the daily, weekly or monthly rhythm you choose, or never), keep
              Cratedig secure, and understand which features people use.
            </p>
          ),
        },
        {
          heading: 'Sharing',
          body: (
            <p>
              Your comments and username are visible to other users. We share data with service providers that
              host and operate Cratedig for us, and when the law requires it. Nothing else.
            </p>
          ),
        },
        {
          heading: 'Your choices',
          body: (
            <p>
              You can edit your profile and notification preferences at any time. To get a copy of your data
              or to have your account deleted, write to <ContactEmail />.
            </p>
          ),
        },
        {
          heading: 'Children',
          body: (
            <p>
              Cratedig is not intended for children under {POLICY.privacyMinimumAge}, and we do not knowingly
              collect their data. If you believe a child has given us personal data, write to <ContactEmail />{' '}
              and we will delete it.
            </p>
          ),
        },
        {
          heading: 'Changes to this policy',
          body: (
            <p>
              When we make a significant change we will notify you, and the change takes effect{' '}
              {POLICY.policyChangeNoticeDays} days after that notice.
            </p>
          ),
        },
        contactSection,
      ]}
    />
  );
}
