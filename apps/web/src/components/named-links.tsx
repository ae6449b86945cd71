import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

/** 'Founder of' / 'Founded by' and similar lines: a caption and links to each item. */
export function NamedLinks({
  caption,
  refs,
  to,
}: {
  caption: string;
  refs: { id: number; name: string }[];
  to: (id: number) => string;
}) {
  if (refs.length === 0) return null;
  return (
    <span>
      {caption}{' '}
      {refs.map((ref, i) => (
        <span key={ref.id}>
          {i > 0 && ', '}
          <Link component={RouterLink} to={to(ref.id)} sx={{ fontWeight: 600 }}>
            {ref.name}
          </Link>
        </span>
      ))}
    </span>
  );
}
