import { describeFailure } from '../../net/errors';

export interface FormFailure {
  /** What to say in a toast: the server's words, or calm words when nothing came back. */
  message: string;
  /** Per field, to show beside what the person typed (which stays as it was). */
  fields: Record<string, string>;
}

export async function formFailure(error: unknown): Promise<FormFailure> {
  const failure = await describeFailure(error);
  return { message: failure.message, fields: failure.body?.fields ?? {} };
}
