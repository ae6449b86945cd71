// Reading list endpoints in API tests: one page, asserted to be a 200, with the fields tests read.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export type ListItem = Record<string, unknown> & { id: number };
export interface ListPage {
  data: ListItem[];
  pagination: { offset: number; count: number; total: number; total_capped?: boolean };
}

/** GET `url` as the holder of `headers`; fails the test (showing the body) unless it answers 200. */
export async function listPage(
  app: FastifyInstance,
  url: string,
  headers: { authorization: string },
): Promise<ListPage> {
  const response = await app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
  return response.json() as ListPage;
}

/** The name an item is shown under: a set's name, a track's title, an artist's or label's name. */
export const shownName = (item: Record<string, unknown>): string =>
  (item.set_name ?? item.title ?? item.name) as string;

/** The shown names of a page's items, in order. */
export const shownNames = (body: ListPage): string[] => body.data.map(shownName);
