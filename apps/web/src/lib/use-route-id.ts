import { useParams } from 'react-router';

/** The numeric :id of a detail route; NaN-safe (0 means "no such item" and shows the not-found state). */
export function useRouteId(): number {
  const { id } = useParams();
  const value = Number(id);
  return Number.isInteger(value) && value > 0 ? value : 0;
}
