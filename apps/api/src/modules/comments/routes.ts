// Comment routes: the posts tabs of sets and tracks, and writing, editing and deleting a comment. Each
// call's method, path and schemas come from the contract's table of calls; a route here is its
// handler, one service call. Every route needs a signed-in user and acts as that user.
import { calls } from '@cratedig/contract/calls';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { userContext } from '../../plugins/service-context';
import * as comments from './service';

export const commentsRoutes: FastifyPluginAsync = async (app) => {
  const user = (req: Parameters<typeof userContext>[1]) => userContext(app, req);

  route(app, calls.sets.posts, (req) => comments.listPosts(user(req), 'set', req.params.id, req.query));
  route(app, calls.tracks.posts, (req) => comments.listPosts(user(req), 'track', req.params.id, req.query));
  route(app, calls.sets.postMarkers, (req) => comments.setCommentMarkers(user(req), req.params.id));
  route(app, calls.posts.create, (req) => comments.createPost(user(req), req.body));
  route(app, calls.posts.update, (req) => comments.updatePost(user(req), req.params.id, req.body));
  route(app, calls.posts.delete, async (req, reply) => {
    await comments.deletePost(user(req), req.params.id);
    return reply.code(204).send(null);
  });
};
