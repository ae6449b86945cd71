import Link from '@mui/material/Link';
import { useSiteInfo } from './site-info-api';

/**
 * The site's contact address as a mail link. Until it has arrived (or if it cannot be fetched) the
 * sentence still reads: it points to the Contact section at the end of the page.
 */
export function ContactEmail() {
  const { data } = useSiteInfo();
  if (!data) return <Link href="#contact">the address under Contact</Link>;
  return <Link href={`mailto:${data.contact_email}`}>{data.contact_email}</Link>;
}

/** The last section of the terms and the privacy policy: who to write to. */
export const contactSection = {
  heading: 'Contact',
  id: 'contact',
  body: (
    <p>
      Questions about these pages, your account or your data: write to <ContactEmail />.
    </p>
  ),
};
