import { describeFailure, describeFailureText } from '../../net/errors';

export interface FormFailure {
  /** What to say in a toast: the server's words about the form, or calm words for anything else. */
  message: string;
  /** Per field, to show beside what the person typed (which stays as it was). */
  fields: Record<string, string>;
}

export async function formFailure(error: unknown, fallback?: string): Promise<FormFailure> {
  const failure = await describeFailure(error);
  return { message: await describeFailureText(error, fallback), fields: failure.body?.fields ?? {} };
}
