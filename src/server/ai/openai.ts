/** Any OpenAI-compatible chat completions endpoint: Ollama, llama.cpp's server, vLLM, and others. */
import { postJson, type AiProvider, type GenerateRequest } from './provider';

interface ChatCompletion {
  choices?: { finish_reason?: string; message?: { content?: string | null; refusal?: string | null } }[];
}

export class OpenAiCompatibleProvider implements AiProvider {
  readonly name = 'openai-compatible';

  constructor(private readonly baseUrl: string, private readonly model: string, private readonly apiKey?: string) {}

  async generate({ system, turns, signal }: GenerateRequest): Promise<string | null> {
    const messages = [
      { role: 'system', content: system },
      ...turns.map((t) => ({
        role: t.role === 'model' ? 'assistant' : 'user',
        content: t.image
          ? [{ type: 'text', text: t.text }, { type: 'image_url', image_url: { url: `data:${t.image.mime};base64,${t.image.base64}` } }]
          : t.text,
      })),
    ];
    const headers: Record<string, string> = this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {};
    const answer = await postJson(`${this.baseUrl.replace(/\/$/, '')}/chat/completions`, { model: this.model, messages }, headers, signal) as ChatCompletion;
    const choice = answer.choices?.[0];
    if (!choice || choice.finish_reason === 'content_filter' || choice.message?.refusal) return null;
    return choice.message?.content?.trim() || null;
  }
}
