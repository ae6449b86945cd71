// Comment routes: the posts tabs of sets and tracks, and writing, editing and deleting a comment. Thin:
// each declares its contract schemas and calls one service function. Every route needs a signed-in user
// and acts as that user.

import { post } from '@cratedig/contract/comment';
import {
  createPostBody,
  postList,
  postListQuery,
  postParams,
  updatePostBody,
} from '@cratedig/contract/comments-api';
import { errorShape, idParams } from '@cratedig/contract/common';
import { commentMarkers } from '@cratedig/contract/moments-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userContext } from '../../lib/service-context';
import * as comments from './service';

const errors = {
  400: errorShape,
  401: errorShape,
  403: errorShape,
  404: errorShape,
  413: errorShape,
  415: errorShape,
  422: errorShape,
  '5xx': errorShape,
} as const;
const doc = (summary: string) => ({ summary, tags: ['comments'], security: [{ bearer: [] }] });

export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { onRequest: app.authenticate };

  for (const on of ['set', 'track'] as const) {
    app.get(
      `/api/${on}s/:id/posts`,
      {
        ...guard,
        schema: {
          ...doc(`The ${on}'s comments, newest first or in set order (order_by)`),
          params: idParams,
          querystring: postListQuery,
          response: { 200: postList, ...errors },
        },
      },
      (req) => comments.listPosts(userContext(app, req), on, req.params.id, req.query),
    );
  }

  app.get(
    '/api/sets/:id/posts/markers',
    {
      ...guard,
      schema: {
        ...doc("Where the set's comments were written: positions and first lines, for the seek bar"),
        params: idParams,
        response: { 200: commentMarkers, ...errors },
      },
    },
    (req) => comments.setCommentMarkers(userContext(app, req), req.params.id),
  );

  app.post(
    '/api/posts',
    {
      ...guard,
      schema: {
        ...doc('Writes a comment on a set or a track'),
        body: createPostBody,
        response: { 200: post, ...errors },
      },
    },
    (req) => comments.createPost(userContext(app, req), req.body),
  );
  app.put(
    '/api/posts/:id',
    {
      ...guard,
      schema: {
        ...doc('Edits a comment (its author only)'),
        params: postParams,
        body: updatePostBody,
        response: { 200: post, ...errors },
      },
    },
    (req) => comments.updatePost(userContext(app, req), req.params.id, req.body),
  );
  app.delete(
    '/api/posts/:id',
    {
      ...guard,
      schema: {
        ...doc('Deletes a comment (its author only)'),
        params: postParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await comments.deletePost(userContext(app, req), req.params.id);
      return reply.code(204).send(null);
    },
  );
};
