import { POLICY } from '@cratedig/contract/constants';
import { ContactEmail, contactSection } from './contact-email';
import { InfoPageFrame } from './info-page-frame';
import { TERMS_UPDATED } from './policy-versions';

// docs/web-app.md: minimum age 18; disputes by arbitration with an opt-out within 30 days.
export function TermsPage() {
  return (
    <InfoPageFrame
      updated={TERMS_UPDATED}
      title="Terms of Use"
      lead={
        <p style={{ margin: 0 }}>
          These terms are the agreement between you and Cratedig when you use the website and its services. By
          creating an account or using Cratedig you accept them.
        </p>
      }
      sections={[
        {
          heading: 'Who can use Cratedig',
          body: (
            <p>
              You must be at least {POLICY.minimumAge} years old to use Cratedig. By using it you confirm that
              you are.
            </p>
          ),
        },
        {
          heading: 'Your account',
          body: (
            <p>
              Keep your password to yourself, and if you think someone else is using your account write to{' '}
              <ContactEmail />. You are responsible for what happens under it. You can stop using Cratedig at
              any time.
            </p>
          ),
        },
        {
          heading: 'The music',
          body: (
            <p>
              Sets, tracks, artwork and names belong to the artists, labels and other rights holders. Cratedig
              lets you listen and discover; it does not give you the right to copy, download or redistribute
              that content. Purchases happen in external stores under their own terms.
            </p>
          ),
        },
        {
          heading: 'What you post',
          body: (
            <p>
              Comments are yours, and you give Cratedig permission to show them on the service. Keep them
              legal and respectful: no harassment, hate, spam or other people's private information. We may
              remove content or suspend accounts that break these rules.
            </p>
          ),
        },
        {
          heading: 'The beta',
          body: (
            <p>
              Cratedig is in beta and provided as it is. Features change, and things can break. To the extent
              the law allows, we are not liable for indirect losses arising from your use of the service.
            </p>
          ),
        },
        {
          heading: 'Disputes and arbitration',
          body: (
            <p>
              If we cannot settle a dispute informally, it will be resolved by binding individual arbitration
              rather than in court. You can opt out of arbitration by writing to <ContactEmail /> within{' '}
              {POLICY.arbitrationOptOutDays} days of first accepting these terms.
            </p>
          ),
        },
        {
          heading: 'Changes',
          body: (
            <p>
              We may update these terms. When a change is significant we will tell you before it applies, and
              the date at the top of this page always shows the latest version.
            </p>
          ),
        },
        contactSection,
      ]}
    />
  );
}
