import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useArtworkUrl } from './artwork';
import styles from './media-card.module.css';
import { visuallyHidden } from './visually-hidden';

/**
 * The one card shape every catalogue item uses: square artwork, a title, a line under it and a row of
 * chips. Texts arrive already truncated (docs/web-app.md), possibly with highlighted parts.
 *
 * The link's name comes from its content, never from an `aria-label` over it (WCAG 2.5.3, label in
 * name: a name that replaced the shown text could not contain 'Mira at Du…', 12 likes and a genre).
 * The heading inside holds the full name in text only screen readers get ('Mira at Dusk by Mira Vale,
 * unreleased ID'), which starts with the words the card shows; the shortened texts, the date, likes and
 * chips beside it are for the eye, as they were when the name was a label.
 *
 * Plain elements with the classes of media-card.module.css, not MUI components: Home draws six rows of
 * a dozen cards, and as MUI cards (a ripple button, a dozen styled boxes and chips each) they held a
 * slowed phone's main thread for seconds (docs/web-app.md, Speed).
 */
export function MediaCard({
  to,
  image,
  title,
  fullTitle,
  subtitle,
  fullSubtitle,
  chips,
  meta,
  overlay,
  badge,
  round = false,
  titleLines = 1,
  name = fullSubtitle ? `${fullTitle} by ${fullSubtitle}` : fullTitle,
}: {
  to: string;
  image: string | null;
  title: ReactNode;
  fullTitle: string;
  subtitle?: ReactNode;
  fullSubtitle?: string;
  chips?: ReactNode;
  meta?: ReactNode;
  /** Controls over the artwork's corner, outside the card's link (a button may not sit in a link). */
  overlay?: ReactNode;
  badge?: { text: string; label: string };
  round?: boolean;
  /** Lines the title may take: 2 for search results, whose titles show the words that matched. */
  titleLines?: 1 | 2;
  /** The link's name; by default '{title} by {subtitle}', which suits what someone made. */
  name?: string;
}) {
  return (
    <div className={round ? `${styles.card} ${styles.round}` : styles.card}>
      <RouterLink to={to} className={styles.link}>
        <div className={styles.art}>
          <CardImage src={image} />
          {badge && (
            <span className={styles.badge} aria-hidden="true">
              {badge.text}
            </span>
          )}
        </div>
        <div className={styles.body}>
          <h3
            className={titleLines === 2 ? `${styles.title} ${styles.twoLines}` : styles.title}
            title={fullTitle}
          >
            <span aria-hidden="true">{title}</span>
            <span style={visuallyHidden}>{badge ? `${name}, ${badge.label}` : name}</span>
          </h3>
          {subtitle && (
            <p className={styles.subtitle} title={fullSubtitle} aria-hidden="true">
              {subtitle}
            </p>
          )}
          {meta && (
            <div className={styles.meta} aria-hidden="true">
              {meta}
            </div>
          )}
          {chips && (
            <div className={styles.chips} aria-hidden="true">
              {chips}
            </div>
          )}
        </div>
      </RouterLink>
      {overlay && (
        <div className={styles.overlay}>
          <div className={styles.controls}>{overlay}</div>
        </div>
      )}
    </div>
  );
}

/** The card's square artwork; the default artwork when there is none or it fails to load. */
function CardImage({ src }: { src: string | null }) {
  const { url, onError } = useArtworkUrl(src);
  return <img className={styles.image} src={url} alt="" loading="lazy" decoding="async" onError={onError} />;
}

/** A chip inside a card: a genre, label or tag, cut with an ellipsis where the card ends. */
export function CardChip({ label }: { label: string }) {
  return (
    <span className={styles.chip} title={label}>
      {label}
    </span>
  );
}
