/**
 * The API's shapes, from the types `scripts/api-types` generates out of the served /api/openapi.json
 * (docs/architecture.md, "The web app"). Features name what they use as aliases of these, never as
 * hand-written copies, so a server change that the web app does not follow fails the type check.
 */
import type { components, operations } from './schema';

export type Schemas = components['schemas'];

/** The query parameters of an operation (by its operationId in the schema). */
export type QueryOf<Operation extends keyof operations> = NonNullable<operations[Operation]['parameters']['query']>;

/** The JSON body an operation takes (by its operationId in the schema). */
export type RequestBody<Operation extends keyof operations> = operations[Operation] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;
