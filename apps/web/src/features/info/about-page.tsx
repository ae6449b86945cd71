import { InfoPageFrame } from './info-page-frame';

// docs/web-app.md: a monthly subscription is planned and the beta is free; the price is not shown.
export function AboutPage() {
  return (
    <InfoPageFrame
      title="About Cratedig"
      lead={
        <p style={{ margin: 0 }}>
          Cratedig is where electronic music gets dug: DJ sets with their tracklists identified, the tracks
          inside them, and the artists and independent labels behind every record.
        </p>
      }
      sections={[
        {
          heading: 'Why we built it',
          body: (
            <p>
              The best music in a DJ set is often the hardest to find. Cratedig puts the whole set in front of
              you, track by track, so you can jump to the moment a record drops, save it, and follow the
              people who made it. We want to democratize access to electronic music producers and help new
              talent get discovered.
            </p>
          ),
        },
        {
          heading: 'What you can do',
          body: (
            <ul>
              <li>
                Play full sets in a player that stays with you while you browse, with a queue of what is next.
              </li>
              <li>
                Like and favorite sets, tracks and unreleased IDs, and get told when a watched ID is released.
              </li>
              <li>
                Follow artists and labels, comment on sets and tracks, and share links with your friends.
              </li>
              <li>Buy the tracks you love from the artist's store.</li>
            </ul>
          ),
        },
        {
          heading: 'Who it is for',
          body: (
            <p>
              Listeners, DJs, producers, label people and curators. Tell us which of those you are on your
              profile; everyone gets the same Cratedig.
            </p>
          ),
        },
        {
          heading: 'Pricing',
          body: (
            <p>
              Cratedig is free while it is in beta. A monthly subscription is planned for later; we will
              announce it well in advance, and nothing changes for you without notice.
            </p>
          ),
        },
      ]}
    />
  );
}
