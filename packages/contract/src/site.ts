// GET /api/site: what the static pages (terms, privacy) say about the site that runs Cratedig.
import { z } from 'zod';

export const siteInfo = z
  .object({
    // where people write about their account, their data or an arbitration opt-out (CONTACT_EMAIL)
    contact_email: z.string(),
  })
  .meta({ id: 'SiteInfo' });
export type SiteInfo = z.infer<typeof siteInfo>;
