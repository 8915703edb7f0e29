/** The content editor's routes under /api/admin/ (src/content/server): a publish carries whole config files, a picture its bytes. */
import type { FastifyInstance } from 'fastify';
import server from '../../../../../config/server';
import { contentHandlers, contentRefusals } from '../../../../content/server';
import { contentRoutes } from '../../../../content/model/contentApi';
import type { AdminApiOptions, Route } from './route';

export function registerContent(scope: FastifyInstance, route: Route, { content }: AdminApiOptions) {
  // A picture: any image/* type (told by content).
  scope.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: server.admin.imageMaxBytes }, (_request, body, done) => done(null, body));
  const handlers = contentHandlers(content);
  const register = <N extends keyof typeof contentRoutes>(name: N) =>
    route(name, (request, reply, _role, answer) => handlers[name](request, reply, request.session.email ?? '', answer), {
      bodyLimit: name === 'contentImage' ? server.admin.imageMaxBytes : 1024 * 1024,
      refusals: contentRefusals[name],
    });
  for (const name of Object.keys(contentRoutes) as (keyof typeof contentRoutes)[]) register(name);
}
