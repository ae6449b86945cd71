import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './artist';
import './comment';
import './health';
import './label';
import './notification';
import './place';
import './queue';
import './set';
import './track';
import './user';
import { listQuery } from './common';
import { SORTS, type SortList } from './constants';
import { notificationListQuery } from './notification';

// The API turns every registered schema into an OpenAPI component, once for requests (input) and
// once for responses (output): each must convert both ways without throwing.
const registered = [...z.globalRegistry._idmap.entries()];

describe('JSON Schema of the contract', () => {
  it('registers every entity as a named component', () => {
    const ids = registered.map(([id]) => id);
    for (const id of [
      'SetMeta',
      'SetTrack',
      'TrackMeta',
      'Artist',
      'Label',
      'Festival',
      'Venue',
      'QueueItem',
    ]) {
      expect(ids).toContain(id);
    }
    for (const id of [
      'Notification',
      'Post',
      'PostBody',
      'User',
      'PublicAuthor',
      'Pagination',
      'Error',
      'Health',
    ]) {
      expect(ids).toContain(id);
    }
    for (const id of ['SetUserFav', 'TrackUserFav', 'UserStats', 'UserLabelStats']) expect(ids).toContain(id);
  });

  it.each(registered)('converts %s for requests and responses', (_id, schema) => {
    for (const io of ['input', 'output'] as const) {
      expect(z.toJSONSchema(schema, { io })).toHaveProperty('$schema');
    }
  });

  it.each(Object.keys(SORTS) as SortList[])('converts the %s list query with its whitelist', (list) => {
    const json = z.toJSONSchema(listQuery(list), { io: 'input' }) as unknown as {
      properties: { order_by: { enum: string[] } };
    };
    expect(json.properties.order_by.enum).toEqual(Object.values(SORTS[list]));
    expect(() => z.toJSONSchema(listQuery(list), { io: 'output' })).not.toThrow();
  });

  it('converts the notification list query', () => {
    expect(() => z.toJSONSchema(notificationListQuery, { io: 'input' })).not.toThrow();
  });
});
