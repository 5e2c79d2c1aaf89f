// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { currentRequest } from '../request-context';
import { pluginServer } from '../../../testing/plugins';
import requestIds from './request-ids';

describe('the request-ids plugin', () => {
  it('lets code far from the handler know the request it serves', async () => {
    const app = await pluginServer({}, { genReqId: () => 'req-1' });
    await app.register(requestIds);
    app.get('/', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return { id: currentRequest()?.id };
    });
    expect((await app.inject({ url: '/' })).json()).toEqual({ id: 'req-1' });
  });
});
