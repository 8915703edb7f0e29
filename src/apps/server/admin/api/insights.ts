/** Where the leads come from, under /api/admin/: the sources and campaigns to filter by, and the insights of a period. */
import server from '../../../../../config/server';
import { INSIGHT_WEEKS } from '../../../../leads/model/adminApi';
import { insightsOf, sourceChoices } from '../../../../leads/server/insights';
import { fail, type AdminApiOptions, type Route } from './route';

const messages = server.admin.messages;

export function registerInsights(route: Route, { store, clock, served }: AdminApiOptions) {
  route('sources', async (_request, _reply, _role, answer) => answer(sourceChoices(store)));

  route(
    'insights',
    async (request, reply, _role, answer) => {
      const weeks = Number(request.query.weeks ?? INSIGHT_WEEKS[1]);
      if (!INSIGHT_WEEKS.includes(weeks as (typeof INSIGHT_WEEKS)[number])) return fail(reply, 400, messages.badFilter);
      return answer(insightsOf(store, weeks, clock(), served));
    },
    { refusals: messages.badFilter },
  );
}
