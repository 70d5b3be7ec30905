/**
 * The built-in image store's HTTP side: ImageKit-style signing (GET /api/upload), the signed
 * multipart upload (POST /api/uploads, no cookie: the one-use token is the credential), and
 * serving files to signed-in people (GET /uploads/:name).
 */
import { createReadStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, gt } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '../../shared/limits';
import { requireActive, requireUser } from '../auth/guards';
import type { AppContext } from '../context';
import { uploadTokens } from '../db/schema';
import { endpoint } from '../http/endpoint';
import { AppError } from '../http/errors';
import type { ZodTypeProvider } from '../http/zod';
import { signatureMatches, signUpload } from '../uploads/signing';

const BAD_SIGNATURE = 'The upload signature is invalid or has expired. Please try again.';

export const uploadApiRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { config, database: { db }, store, uploadKeys } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = ctx.personLimits;
  const imagekit = config.IMAGEKIT_PRIVATE_KEY
    ? { publicKey: config.IMAGEKIT_PUBLIC_KEY!, privateKey: config.IMAGEKIT_PRIVATE_KEY, uploadUrl: config.IMAGEKIT_UPLOAD_URL! }
    : null;

  r.route({ ...endpoint(r, 'uploadAuth'), onRequest: requireActive, handler: async (request) => {
    const user = request.user!;
    await limits.spend('uploadSignatures', user.id);
    const token = randomUUID();
    const expire = Math.floor(Date.now() / 1000) + config.UPLOAD_TOKEN_MINUTES * 60;
    if (imagekit) {
      return { publicKey: imagekit.publicKey, token, expire, signature: signUpload(imagekit.privateKey, token, expire), uploadUrl: imagekit.uploadUrl };
    }
    await db.insert(uploadTokens).values({ token, userId: user.id, expire });
    return { publicKey: uploadKeys.publicKey, token, expire, signature: signUpload(uploadKeys.privateKey, token, expire), uploadUrl: '/api/uploads' };
  } });

  r.route({ ...endpoint(r, 'upload'), handler: async (request) => {
    const { fields, file } = await readForm(request);
    const parsed = z.object({
      publicKey: z.string(), signature: z.string(), token: z.string().max(100), expire: z.coerce.number().int(),
    }).safeParse(fields);
    if (!parsed.success) throw new AppError('FORBIDDEN', BAD_SIGNATURE);
    const { publicKey, signature, token, expire } = parsed.data;
    const now = Math.floor(Date.now() / 1000);
    if (publicKey !== uploadKeys.publicKey || expire < now || !signatureMatches(uploadKeys.privateKey, token, expire, signature)) {
      throw new AppError('FORBIDDEN', BAD_SIGNATURE);
    }
    if (!file) throw new AppError('VALIDATION_FAILED', 'Please choose an image to upload', { fields: { file: 'Please choose an image to upload' } });
    // Spend the token in one statement: two racing uploads cannot both win.
    const [spent] = await db.update(uploadTokens).set({ usedAt: new Date() })
      .where(and(eq(uploadTokens.token, token), eq(uploadTokens.expire, expire), isNull(uploadTokens.usedAt), gt(uploadTokens.expire, now)))
      .returning({ userId: uploadTokens.userId });
    if (!spent) throw new AppError('FORBIDDEN', BAD_SIGNATURE);
    const image = await store.save(spent.userId, file);
    return { url: image.url, fileId: image.name, name: image.name, size: image.size, fileType: 'image' };
  } });
};

/**
 * The form's text fields and its one file. The multipart parser's errors (no boundary, a truncated
 * or malformed body, a sender that hung up) are the sender's doing: a 400, not a 500 in the error
 * log that anyone could fill.
 */
async function readForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; file?: Buffer }> {
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024 } })) {
      if (part.type === 'file') file = await part.toBuffer();
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    // The multipart plugin's own limits (FST_… codes: 413s in errors.ts) keep their answers.
    if (String((error as { code?: unknown }).code).startsWith('FST_')) throw error;
    throw new AppError('MALFORMED_REQUEST', 'The upload could not be read. Please try again.');
  }
  return { fields, file };
}

export const uploadFileRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  app.get<{ Params: { name: string } }>('/uploads/:name', { onRequest: requireUser }, async (request, reply) => {
    const found = await ctx.store.find(request.params.name);
    if (!found) throw new AppError('NOT_FOUND', 'Image not found');
    return reply
      .header('content-type', found.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      // Not kept in the browser's HTTP cache: the service worker's image cache (sw/image-cache.ts)
      // is the one offline copy, and sign-out can empty it; the HTTP cache would keep a person's
      // photos on a shared device for a year, out of the app's reach.
      .header('cache-control', 'private, no-store')
      .send(createReadStream(found.path));
  });
};
