/** Google's Gemini generateContent API. */
import { postJson, type AiProvider, type GenerateRequest } from './provider';

interface GeminiAnswer {
  promptFeedback?: { blockReason?: string };
  candidates?: { finishReason?: string; content?: { parts?: { text?: string }[] } }[];
}

export class GeminiProvider implements AiProvider {
  readonly name = 'gemini';

  constructor(private readonly apiKey: string, private readonly model: string, private readonly baseUrl: string) {}

  async generate({ system, turns, signal }: GenerateRequest): Promise<string | null> {
    const url = `${this.baseUrl.replace(/\/$/, '')}/v1beta/models/${encodeURIComponent(this.model)}:generateContent`;
    const body = {
      systemInstruction: { parts: [{ text: system }] },
      contents: turns.map((t) => ({
        role: t.role,
        parts: [
          ...(t.text ? [{ text: t.text }] : []),
          ...(t.image ? [{ inlineData: { mimeType: t.image.mime, data: t.image.base64 } }] : []),
        ],
      })),
    };
    const answer = await postJson(url, body, { 'x-goog-api-key': this.apiKey }, signal) as GeminiAnswer;
    if (answer.promptFeedback?.blockReason) return null;
    const candidate = answer.candidates?.[0];
    if (!candidate || candidate.finishReason === 'SAFETY' || candidate.finishReason === 'PROHIBITED_CONTENT') return null;
    const text = (candidate.content?.parts ?? []).map((p) => p.text ?? '').join('').trim();
    return text || null;
  }
}
