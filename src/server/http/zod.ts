/**
 * Route schemas are the zod schemas of src/shared; this lets Fastify validate requests and
 * serialise answers with them, and type handlers from them.
 */
import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider } from 'fastify';
import type { z } from 'zod';

export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => (data) => {
  const result = schema.safeParse(data);
  return result.success ? { value: result.data } : { error: result.error };
};

/**
 * An answer that does not match its declaration fails loudly (500, logged) instead of reaching a
 * client that would misread it; fields the declaration does not name are dropped, so nothing
 * private leaves by accident.
 */
export const zodSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema, url, method }) => (data) => {
  const result = schema.safeParse(data);
  // Not a ZodError: the error handler reads those as the client's bad input (400); this is ours (500).
  if (!result.success) throw new Error(`The answer of ${method} ${url} does not match its schema`, { cause: result.error });
  return JSON.stringify(result.data);
};
