import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance } from 'fastify';
import { actingOn, serve } from '../../platform/routes';
import type { EntitiesService } from './entities.service';

export function entitiesRoutes(app: FastifyInstance, s: EntitiesService) {
  const E = API.entity;
  // An entity body naming a code no reference list has: named with the schema's refusals
  // (the lists are data, so the schema cannot know them; the service judges disabled codes).
  app.addHook('preValidation', async (request) => {
    const e = request.routeOptions.config.endpoint;
    if (e !== E.create && e !== E.update) return;
    request.dataFieldErrors = await s.reference.unknownCodeFields(request.body);
  });
  serve(app, E.forest, ({ principal }) => s.forest(principal!));
  serve(app, E.view, ({ principal, body, held }) => s.view(principal!, body.entityId, held));
  serve(app, E.create, ({ principal, entityId, body }) =>
    s.create({ principal: principal!, entityId }, body),
  );
  serve(app, E.update, ({ principal, entityId, body }) =>
    s.update({ principal: principal!, entityId }, body),
  );
  serve(app, E.freeze, (c) => s.freeze(actingOn(c), c.body.targetEntityId, c.body.reason));
  serve(app, E.unfreeze, (c) => s.unfreeze(actingOn(c), c.body.targetEntityId, c.body.reason));
  serve(app, E.list, ({ principal, body }) => s.listForUser(principal!, body.username));
  serve(app, E.childList, ({ principal, params, body }) => s.children(principal!, params.id, body));
  serve(app, E.relatedEntities, ({ principal, body }) => s.related(principal!, body.entityId, 'down'));
  serve(app, E.relatedEntitiesUpstream, ({ principal, body }) => s.related(principal!, body.entityId, 'up'));
  serve(app, E.linkedEntities, ({ principal, body }) => s.linked(principal!, body.entityId));
  serve(app, E.parentEntities, ({ principal }) => s.parentCandidates(principal!));
  serve(app, E.attributes, () => s.reference.codes('attributes'));
  serve(app, E.addressTypes, () => s.reference.codes('addressTypes'));
  serve(app, E.nameSources, () => s.reference.codes('nameSources'));
  serve(app, E.attributesAll, () => s.reference.allCodes('attributes'));
  serve(app, E.addressTypesAll, () => s.reference.allCodes('addressTypes'));
  serve(app, E.nameSourcesAll, () => s.reference.allCodes('nameSources'));
  serve(app, E.attributeCreate, (c) => s.reference.createCode(actingOn(c), 'attributes', c.body));
  serve(app, E.addressTypeCreate, (c) => s.reference.createCode(actingOn(c), 'addressTypes', c.body));
  serve(app, E.nameSourceCreate, (c) => s.reference.createCode(actingOn(c), 'nameSources', c.body));
  serve(app, E.attributeUpdate, (c) => s.reference.updateCode(actingOn(c), 'attributes', c.body));
  serve(app, E.addressTypeUpdate, (c) => s.reference.updateCode(actingOn(c), 'addressTypes', c.body));
  serve(app, E.nameSourceUpdate, (c) => s.reference.updateCode(actingOn(c), 'nameSources', c.body));
  serve(app, E.countries, () => s.reference.countries());
  serve(app, E.baseCurrencies, () => s.reference.baseCurrencies());
  serve(app, E.conversionProfiles, () => s.reference.conversionProfiles());
  serve(app, E.rollProfiles, () => s.reference.rollProfiles());
  serve(app, E.conversionProfileCreate, (c) => s.reference.saveProfile(actingOn(c), 'conversion', c.body));
  serve(app, E.conversionProfileUpdate, (c) => s.reference.saveProfile(actingOn(c), 'conversion', c.body));
  serve(app, E.rollProfileCreate, (c) => s.reference.saveProfile(actingOn(c), 'roll', c.body));
  serve(app, E.rollProfileUpdate, (c) => s.reference.saveProfile(actingOn(c), 'roll', c.body));
  serve(app, E.conversionProfile, ({ query }) => s.reference.conversionProfile(query.id));
}
