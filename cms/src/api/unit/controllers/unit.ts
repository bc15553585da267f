import { factories } from '@strapi/strapi';
import { fromApiUnit, toApiUnit } from '../utils/status-field';

type Body = { data?: unknown };
type Envelope = { data: unknown; meta?: unknown };

const mapEnvelope = (response: Envelope | undefined) => {
  if (!response) return response;
  const data = Array.isArray(response.data) ? response.data.map(toApiUnit) : toApiUnit(response.data);
  return { ...response, data };
};

const mapRequestBody = (body: unknown) => {
  const typed = body as Body | undefined;
  if (typed && typeof typed === 'object' && 'data' in typed) typed.data = fromApiUnit(typed.data);
};

export default factories.createCoreController('api::unit.unit', () => ({
  async find(ctx) {
    return mapEnvelope((await super.find(ctx)) as Envelope);
  },
  async findOne(ctx) {
    return mapEnvelope((await super.findOne(ctx)) as Envelope);
  },
  async create(ctx) {
    mapRequestBody(ctx.request.body);
    return mapEnvelope((await super.create(ctx)) as Envelope);
  },
  async update(ctx) {
    mapRequestBody(ctx.request.body);
    return mapEnvelope((await super.update(ctx)) as Envelope);
  },
}));
